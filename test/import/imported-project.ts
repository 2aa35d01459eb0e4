// Imports a fixture project with the real command (`node import/cli.ts`, its
// config read in the sandbox) and builds what it wrote, then reads the build
// back per version and locale: pages, their HTML as trees, ids, images.
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { extname, join, relative, sep } from 'node:path'
import type { Element } from 'hast'
import type { BuildResult } from '../../build/build.ts'
import { BLOB_HASH, documentUrl, versionBaseUrl, type DocumentBlob, type NavTreeNode } from '../../contract/index.ts'
import { elementsOf, htmlTree, type BuiltPage } from '../shared/framework-output.ts'
import { blob, buildDir, makeTempDir, routesOf, versionOf } from '../shared/build-helpers.ts'

const REPO = join(import.meta.dirname, '../..')

export interface ImportRun {
  code: number | null
  stdout: string
  stderr: string
  /** The content folder the command wrote. */
  out: string
}

/** `npm run import -- <project> --out <temp>/content`, as a user runs it. */
export async function runImportCommand(project: string): Promise<ImportRun> {
  const out = join(await makeTempDir('docs-import-'), 'content')
  return new Promise((resolve) => {
    execFile(process.execPath, ['--disable-warning=ExperimentalWarning', 'import/cli.ts', project, '--out', out], { cwd: REPO, timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr, out })
    })
  })
}

export async function buildImported(out: string): Promise<BuildResult> {
  return (await buildDir(out, { threads: 1 })).result
}

/** Every file of a folder, relative to it with `/`, sorted. */
export async function filesOf(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort()
}

/** The pages written in `locale` (not fallbacks) of a version, with their URLs in that version. */
export function pagesIn(result: BuildResult, version: string | null, locale: string): BuiltPage[] {
  const { site } = result.manifest
  const entry = result.manifest.versions.find((candidate) => candidate.name === version)
  const base = versionBaseUrl(site.baseUrl, version, entry ? entry.aliases.includes('latest') : true)
  const variants = routesOf(result, version).documents[locale] ?? {}
  return Object.entries(variants)
    .filter(([, variant]) => variant.locale === locale)
    .map(([docId, variant]) => {
      const document = blob<DocumentBlob>(result, variant.blob)
      return {
        docId,
        url: documentUrl(base, site.defaultLocale, locale, document.slug),
        document,
        markdown: blob<string>(result, variant.markdown),
        tree: htmlTree(document.html),
      }
    })
}

const ASSET_SRC = new RegExp(`^/v1/assets/([0-9a-f]{${BLOB_HASH.hexLength}})\\.[a-z0-9]+$`)

/** Every `<img>` of the pages: the ones not served from /v1/assets/ as one of `dir`'s image files, and the served ones by page. */
export async function imagesOf(pages: BuiltPage[], dir: string): Promise<{ served: string[]; unserved: string[] }> {
  const files = (await filesOf(dir)).filter((file) => ['.png', '.svg', '.jpg'].includes(extname(file)))
  const hashes = new Map(
    await Promise.all(
      files.map(
        async (file): Promise<[string, string]> => [
          createHash(BLOB_HASH.nodeAlgorithm)
            .update(await readFile(join(dir, file)))
            .digest('hex')
            .slice(0, BLOB_HASH.hexLength),
          file,
        ],
      ),
    ),
  )
  const served: string[] = []
  const unserved: string[] = []
  for (const page of pages) {
    for (const element of elementsOf(page.tree).filter((candidate) => candidate.tagName === 'img')) {
      const src = String(element.properties.src)
      const file = hashes.get(ASSET_SRC.exec(src)?.[1] ?? '')
      if (file === undefined) unserved.push(`${page.docId}: ${src}`)
      else served.push(`${page.docId}: ${file}`)
    }
  }
  return { served: served.sort(), unserved }
}

/** A navigation tree as titles, slugs and children, for comparing with what a config declares. */
export interface NavShape {
  title: string
  slug: string | null
  children?: NavShape[]
}

export function navigationOf(result: BuildResult, version: string | null, locale: string): NavShape[] {
  const shape = (nodes: NavTreeNode[]): NavShape[] =>
    nodes.map((node) => ({ title: node.title, slug: node.slug, ...(node.children.length > 0 ? { children: shape(node.children) } : {}) }))
  return shape(blob<{ items: NavTreeNode[] }>(result, versionOf(result, version).navigation[locale]?.public).items)
}

export const classesOf = (element: Element): string[] => (Array.isArray(element.properties.className) ? element.properties.className.map(String) : [])
