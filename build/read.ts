import { readFileSync, statSync, type Stats } from 'node:fs'
import { readdir, readFile, stat } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import type { SourceFile, StampedSourceFile } from './content/front-matter.ts'
import { isCategoryFile } from './content/categories.ts'
import { ContentError } from './content/problems.ts'
import { localeFoldersOf, parseSiteConfig, SITE_FILE } from './content/site-config.ts'
import type { ApiReference } from './openapi/index.ts'
import { isMarkdownPath } from './content/files.ts'
import { mapLimit } from './map-limit.ts'
import type { AssetFile, GitHistory } from './content/read-results.ts'
import { committedTexts } from './git-history.ts'
import { readAssetFiles } from './read-assets.ts'

export interface ContentFolder {
  siteText: string
  /** Pages, partials, release notes, `_category_` files, and the pages of the API reference (build/openapi/). */
  files: SourceFile[]
  assets: AssetFile[]
  /** What the API reference's documents gave besides pages: the files they were read from, renamed operations, problems. */
  api: ApiReadings
}

/** An API reference without its pages (see ApiReference). */
export type ApiReadings = Omit<ApiReference, 'files'>

/** The git history with the renames of the API reference's operations: an operation's old slug redirects, as a renamed file's does. */
export function withApiRenames(git: GitHistory, api: Pick<ApiReadings, 'renames'>): GitHistory {
  return api.renames.length === 0 ? git : { ...git, renames: [...api.renames, ...git.renames] }
}

export class MissingContentError extends Error {
  override name = 'MissingContentError'
}

/**
 * Reads `site.yml`, every Markdown file (`.md`, `.mdx`, partials too) under `docs/` and `releases/`, the folders' `_category_` files, and the files pages may reference.
 * With `stampsOnly`, a file's text is read when asked for (and not kept), and each file has its stamp: a one-shot build that finds
 * its content unchanged by the stamps reads none. (A long-lived build does not: a later read could see a later edit.)
 */
export async function readContent(contentDir: string, options: { stampsOnly?: boolean } = {}): Promise<ContentFolder> {
  const siteText = await readSiteText(contentDir)
  const found = [...(await sourceFiles(contentDir, 'docs')), ...(await sourceFiles(contentDir, 'releases'))]
  // One rule for what is content, the one npm start's watcher applies to the paths it reports.
  const paths = found
    .map((path) => path.split(sep).join('/'))
    .filter(isContentFile)
    .sort()
  // A few reads at a time: ten thousand at once hold ten thousand buffers and handles for nothing.
  // Stamps are taken one after another: a synchronous stat costs a fraction of a promise's.
  const files = options.stampsOnly ? paths.map((path) => stampedSourceFile(contentDir, path)) : await mapLimit(paths, 32, (path) => readSourceFile(contentDir, path))
  const localeFolders = localeFoldersOf(paths)
  const { files: apiPages, ...api } = await readApiReference(contentDir, siteText, localeFolders)
  return {
    siteText,
    // In path order, pages and generated pages alike, as npm start's session hands them over: the order decides some lists' order.
    files: [...files.filter((file): file is SourceFile => file !== null), ...apiPages].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
    assets: await readAssetFiles(contentDir, siteText, localeFolders),
    api,
  }
}

/** The API reference's pages, made from the OpenAPI documents site.yml lists (none when site.yml is invalid: the pipeline says why). */
export async function readApiReference(contentDir: string, siteText: string, localeFolders: readonly string[]): Promise<ApiReference> {
  const parsed = parseSiteConfig(siteText, localeFolders)
  if (!parsed.ok || parsed.site.apis.length === 0) return { files: [], sources: [], problems: [], renames: [] }
  // Loaded only for a site with an API reference: the OpenAPI tools are large, and other builds need none of them.
  const { apiReference } = await import('./openapi/index.ts')
  const readText = async (path: string) => {
    const absolute = join(contentDir, path)
    const info = await stat(absolute).catch(() => null)
    if (!info?.isFile()) return null
    return { text: await readFile(absolute, 'utf8'), mtimeMs: info.mtimeMs }
  }
  return apiReference(parsed.site, readText, { earlierTexts: (path) => committedTexts(contentDir, path, OPERATION_HISTORY_COMMITS) })
}

/**
 * How far back a renamed operationId is found: the last commits that changed its document. Older renames
 * need a redirect in site.yml; reading the whole history of a large document would cost every build.
 */
const OPERATION_HISTORY_COMMITS = 20

export async function readSiteText(contentDir: string): Promise<string> {
  try {
    return await readFile(join(contentDir, SITE_FILE), 'utf8')
  } catch {
    throw new MissingContentError(`${join(contentDir, SITE_FILE)} not found: is --content pointing at a content folder?`)
  }
}

/** One Markdown file by its path under the content folder (POSIX slashes), or null when it is gone. */
export async function readSourceFile(contentDir: string, path: string): Promise<SourceFile | null> {
  const absolute = join(contentDir, path)
  try {
    const [text, info] = await Promise.all([readFile(absolute, 'utf8'), stat(absolute)])
    return info.isFile() ? { path, text, mtimeMs: info.mtimeMs } : null
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'EISDIR') return null
    throw error
  }
}

/**
 * One Markdown file with its stamp, its text read from disk each time it is asked for and not kept:
 * a one-shot build holds no page's source once the page is rendered (814 MB at 100,000 documents).
 * A file whose stamp changed since it was listed is read in another state than the build's earlier
 * reads of it, and fails the build. Null when it is gone.
 */
function stampedSourceFile(contentDir: string, path: string): StampedSourceFile | null {
  const absolute = join(contentDir, path)
  const info = statSync(absolute, { throwIfNoEntry: false })
  if (!info?.isFile()) return null
  const file = { path, mtimeMs: info.mtimeMs, stamp: stampOf(info) }
  Object.defineProperty(file, ABSOLUTE_PATH, { value: absolute })
  return Object.defineProperties(file, STAMPED_FILE_ACCESSORS) as StampedSourceFile
}

const stampOf = (info: Stats) => `${info.size}\u0000${info.mtimeMs}\u0000${info.ctimeMs}\u0000${info.ino}`

const ABSOLUTE_PATH = Symbol('absolute path')

/** `text`, the same accessor for every file (one per page; see rendering-texts.ts on why not a getter of its own). */
const STAMPED_FILE_ACCESSORS: PropertyDescriptorMap = {
  text: {
    enumerable: true,
    get(this: Omit<StampedSourceFile, 'text'> & { [ABSOLUTE_PATH]: string }) {
      const text = readFileSync(this[ABSOLUTE_PATH], 'utf8')
      const now = statSync(this[ABSOLUTE_PATH], { throwIfNoEntry: false })
      if (!now || stampOf(now) !== this.stamp)
        throw new ContentError([{ path: this.path, line: 1, message: 'changed while the build was reading it: build again once it is saved' }])
      return text
    },
  },
}

/** Whether a path under the content folder is one `readContent` reads: a page, a partial, a release note or a folder's `_category_` file. */
export function isContentFile(path: string): boolean {
  return (path.startsWith('docs/') && isMarkdownPath(path)) || /^releases\/.+\.md$/.test(path) || isCategoryFile(path)
}

/** Every file under a folder of the content, relative to the content folder; isContentFile picks the content. */
async function sourceFiles(root: string, folder: string): Promise<string[]> {
  const entries = await readdir(join(root, folder), { recursive: true, withFileTypes: true }).catch(() => [])
  return entries.filter((entry) => entry.isFile()).map((entry) => relative(root, join(entry.parentPath, entry.name)))
}
