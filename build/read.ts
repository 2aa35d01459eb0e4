import { readdir, readFile, stat } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import type { SourceFile } from './content/front-matter.ts'
import { SITE_FILE } from './content/site-config.ts'

export interface ContentFolder {
  siteText: string
  files: SourceFile[]
}

export class MissingContentError extends Error {
  override name = 'MissingContentError'
}

/** Reads `site.yml` and every Markdown file under `docs/` and `releases/`. */
export async function readContent(contentDir: string): Promise<ContentFolder> {
  let siteText: string
  try {
    siteText = await readFile(join(contentDir, SITE_FILE), 'utf8')
  } catch {
    throw new MissingContentError(`${join(contentDir, SITE_FILE)} not found: is --content pointing at a content folder?`)
  }
  const paths = [...(await markdownFiles(contentDir, 'docs')), ...(await markdownFiles(contentDir, 'releases'))].sort()
  const files = await Promise.all(
    paths.map(async (path): Promise<SourceFile> => {
      const absolute = join(contentDir, path)
      const [text, info] = await Promise.all([readFile(absolute, 'utf8'), stat(absolute)])
      return { path: path.split(sep).join('/'), text, mtimeMs: info.mtimeMs }
    }),
  )
  return { siteText, files }
}

async function markdownFiles(root: string, folder: string): Promise<string[]> {
  const entries = await readdir(join(root, folder), { recursive: true, withFileTypes: true }).catch(() => [])
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
}
