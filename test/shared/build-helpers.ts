// Shared helpers for the build suite: content folders written to temp dirs,
// real builds over them, and readers for what a build produced.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { generateCorpus, writeCorpus } from '../../bench/corpus.ts'
import { buildSite, type BuildOptions, type BuildResult, type SiteBuild } from '../../build/build.ts'
import { ContentError, type ContentProblem } from '../../build/content/problems.ts'
import type { DocumentBlob, NavigationBlob, NavTreeNode } from '../../contract/index.ts'
import { docsOf, llmsOf, routeTable, type RouteTable } from './route-table.ts'

/** A content folder as `{ 'site.yml': '...', 'docs/en/a.md': '...' }`. */
export type ContentFiles = Record<string, string>

export const SITE_EN = 'title: Test site\ndefaultLocale: en\nlocales:\n  en: English\n'
export const SITE_EN_FR = 'title: Test site\ndefaultLocale: en\nlocales:\n  en: English\n  fr: Français\n'

const tempDirs: string[] = []

/** A fresh temp dir, removed by `removeTempDirs` (call it from `afterAll`). */
export async function makeTempDir(prefix = 'docs-build-'): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix))
  tempDirs.push(dir)
  return dir
}

export async function removeTempDirs(): Promise<void> {
  await Promise.all(tempDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
}

/** Writes every file of `files` under `dir`, creating folders as needed. */
export async function writeFiles(dir: string, files: ContentFiles): Promise<void> {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true })
    await writeFile(join(dir, path), text)
  }
}

/** Writes a content folder into a new temp dir and returns its path. */
export async function writeContent(files: ContentFiles): Promise<string> {
  const dir = join(await makeTempDir(), 'content')
  await writeFiles(dir, files)
  return dir
}

export interface FolderBuild {
  result: SiteBuild
  contentDir: string
  outDir: string
}

/** Builds an existing content folder into a fresh temp `dist/`, without a render cache, keeping every blob's text for the test. */
export async function buildDir(contentDir: string, options: Partial<BuildOptions> = {}): Promise<FolderBuild> {
  const outDir = options.outDir ?? join(await makeTempDir('docs-dist-'), 'dist')
  const result = await buildSite({ contentDir, outDir, cacheDir: null, keepBlobs: true, ...options })
  return { result, contentDir, outDir }
}

/** Every file of a built dist/ (blobs and assets as base64), the manifest without the time it was built. */
export async function distFiles(outDir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>()
  for (const folder of ['blobs', 'assets'])
    for (const name of await readdir(join(outDir, folder))) files.set(`${folder}/${name}`, (await readFile(join(outDir, folder, name))).toString('base64'))
  const { builtAt: _builtAt, ...manifest } = JSON.parse(await readFile(join(outDir, 'manifest.json'), 'utf8')) as Record<string, unknown>
  files.set('manifest.json', JSON.stringify(manifest))
  files.set('blob-list.json', await readFile(join(outDir, 'blob-list.json'), 'utf8'))
  return files
}

/** The bench's generated corpus of `documents` pages (two locales, drafts, release notes) written to a temp content folder; its path. */
export async function generatedSite(documents: number, seed: number): Promise<string> {
  const dir = join(await makeTempDir('docs-corpus-'), 'content')
  await writeCorpus(generateCorpus({ documents, seed }), dir)
  return dir
}

/** Writes `files` to a temp content folder and builds it. */
export async function buildFolder(files: ContentFiles, options: Partial<BuildOptions> = {}): Promise<FolderBuild> {
  return buildDir(await writeContent(files), options)
}

/** The problems of a build that must fail; throws if it succeeds or fails otherwise. */
export async function problemsOf(files: ContentFiles | string, options: Partial<BuildOptions> = {}): Promise<ContentProblem[]> {
  try {
    await (typeof files === 'string' ? buildDir(files, options) : buildFolder(files, options))
  } catch (error) {
    if (error instanceof ContentError) return error.problems
    throw error
  }
  throw new Error('expected the build to fail with a ContentError, but it succeeded')
}

/** A blob of a build's result, parsed. */
export function blob<T>(result: BuildResult, hash: string | undefined): T {
  const text = hash === undefined ? undefined : result.blobs.get(hash)
  if (text === undefined) throw new Error(`no blob ${String(hash)} in this build`)
  return JSON.parse(text) as T
}

/** A build's slugs, redirects and variants, read back from its route shards. */
export function routesOf(result: BuildResult, version?: string | null): RouteTable {
  return routeTable(result.manifest, (hash) => result.blobs.get(hash), version)
}

/** The tables (search, navigation, llms, routes) of a version of a build kept in memory, the default one unless named. */
export function versionOf(result: Pick<BuildResult, 'manifest' | 'blobs'>, version?: string | null) {
  return docsOf(result.manifest, (hash) => result.blobs.get(hash), version)
}

/** A locale's llms files in a version of a build kept in memory (the default locale and version unless named), with their part lists. */
export function llmsFilesOf(result: Pick<BuildResult, 'manifest' | 'blobs'>, locale = result.manifest.site.defaultLocale, version?: string | null) {
  return llmsOf(versionOf(result, version), locale, (hash) => result.blobs.get(hash))
}

/** The document blob served for `docId` to readers asking for `locale`. */
export function documentOf(result: BuildResult, docId: string, locale = result.manifest.site.defaultLocale): DocumentBlob {
  const entry = routesOf(result).documents[locale]?.[docId]
  if (!entry) throw new Error(`no document "${docId}" for locale "${locale}"`)
  return blob<DocumentBlob>(result, entry.blob)
}

/** The navigation tree of a locale, as the public sees it or with drafts. */
export function navTreeOf(result: BuildResult, locale = result.manifest.site.defaultLocale, view: 'public' | 'drafts' = 'public'): NavTreeNode[] {
  return blob<NavigationBlob>(result, versionOf(result).navigation[locale]?.[view]).items
}

/** Every slug a navigation tree mentions, depth first. */
export function treeSlugs(nodes: NavTreeNode[]): Array<string | null> {
  return nodes.flatMap((node) => [node.slug, ...treeSlugs(node.children)])
}

/** Reads a blob file from a build's output folder on disk. */
export async function readBlobFile(outDir: string, hash: string): Promise<string> {
  return readFile(join(outDir, 'blobs', `${hash}.json`), 'utf8')
}

/** A Markdown document with optional front matter. */
export function doc(frontMatter: string, body: string): string {
  return frontMatter ? `---\n${frontMatter.trim()}\n---\n\n${body}` : body
}
