import { randomUUID } from 'node:crypto'
import { rmSync } from 'node:fs'
import { mkdir, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { localeFoldersOf, SITE_FILE } from './content/site-config.ts'
import { isGenerated, type SourceFile } from './content/front-matter.ts'
import type { AssetFile, GitHistory } from './content/read-results.ts'
import { readGitHistory } from './git-history.ts'
import { keptVersionStore } from './kept-version-store.ts'
import { codeHash } from './code-hash.ts'
import { RenderCache } from './render-cache.ts'
import { createRenderMany } from './render-pool.ts'
import { RenderingFile } from './rendering-file.ts'
import { hashOfAll } from './pipeline/blob-set.ts'
import { runPipeline, type PipelineInput, type PipelineOutput } from './pipeline/pipeline.ts'
import type { ArchivedVersion, VersionSourceContent } from './pipeline/version-step.ts'
import { reusingRenderings, type RenderMany } from './pipeline/render-all.ts'
import { Reuse } from './pipeline/reuse.ts'
import { isContentFile, readApiReference, readContent, readSiteText, readSourceFile, withApiRenames, type ApiReadings, type ContentFolder } from './read.ts'
import { versionReader, type MissingRefRule, type VersionReader } from './read-versions.ts'
import { mayBeAsset, readAssetFiles } from './read-assets.ts'

const PIPELINE = new URL('./pipeline/pipeline.ts', import.meta.url)

export interface SessionOptions {
  contentDir: string
  /** Where renderings are cached between sessions; `null` turns the cache off. */
  cacheDir?: string | null
  threads?: number
  /** Called as documents render: `total` is how many this build renders (not the ones it reuses). */
  onProgress?: (done: number, total: number) => void
  /** Largest part of llms-full.txt, in bytes (tests make it small). */
  llmsPartBytes?: number
  /** The size line of each locale's stored sidebar and llms.txt, in bytes (contract/navigation.ts; tests make it small). */
  viewBytes?: number
  /**
   * Whether the store the builds are published to holds a blob. With it (and
   * the render cache), archived versions are kept between sessions as
   * `npm run build` keeps them: a version whose kept output names only
   * stored blobs is not built again.
   */
  isStored?: (hash: string) => boolean
  /** What a version whose git ref is missing does (read-versions.ts); `npm start` leaves it out. */
  missingRef?: MissingRefRule
}

export interface SessionBuild extends PipelineOutput {
  durationMs: number
}

const byPath = (a: { path: string }, b: { path: string }) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)

/**
 * The file the session has when a file read again is the same (text, time and, for a generated page, its
 * data), so that the pipeline reuses what it made of it; else the new one.
 */
function kept(before: SourceFile | undefined, file: SourceFile): SourceFile {
  const dataOf = (of: SourceFile) => (isGenerated(of) ? JSON.stringify(of.generated) : '')
  return before && before.text === file.text && before.mtimeMs === file.mtimeMs && dataOf(before) === dataOf(file) ? before : file
}

/** A folder, or a path gone that had no file extension (a folder deleted or moved away): its pages changed with it. */
async function mayHoldContent(absolute: string): Promise<boolean> {
  const info = await stat(absolute).catch(() => null)
  return info ? info.isDirectory() : !/\.[^/]*$/.test(basename(absolute))
}

/**
 * Where a session's renderings keep their text (HTML, Markdown copy, search
 * sections, hero) while it runs, as the one-shot build's do for one build:
 * at 100,000 pages that text is several GB, past the heap. The file is
 * removed from its folder at once and lives as long as the process, so
 * a session that ends, however it ends, leaves nothing behind. It only
 * grows: a save appends the renderings it made.
 */
async function sessionRenderings(cacheDir: string | null | undefined): Promise<RenderingFile> {
  const folder = cacheDir ?? tmpdir()
  await mkdir(folder, { recursive: true })
  const path = join(folder, `session-renderings-${process.pid}-${randomUUID()}`)
  const file = RenderingFile.open(path)
  rmSync(path)
  return file
}

/**
 * The long-lived build behind `npm start`. It reads and builds the content
 * folder once; after that, each saved change re-reads only the files that
 * changed, and the pipeline reuses everything they did not touch: renderings,
 * document blobs, search postings. A change to site.yml starts over. What it
 * builds is what `npm run build` builds, byte for byte.
 */
export class SiteSession {
  private readonly options: SessionOptions
  private siteText: string
  private readonly files: Map<string, SourceFile>
  // Replaced whole when any file changes: the pipeline keeps its asset table while this array is the same.
  private assets: AssetFile[]
  private readonly git: GitHistory
  // The files the API reference's pages are made from (a change to one makes them again), its renamed operations and its documents' problems.
  private api: ApiReadings
  private reuse = new Reuse()
  private readonly renderPool: RenderMany
  // One per version: each keeps the renderings of its own pages between builds.
  private renderers = new Map<string, RenderMany>()
  // Versions kept in a folder or at a git ref are read once, and again only when site.yml changes.
  private readVersion: VersionReader
  private readonly versions = new Map<string, Promise<ArchivedVersion>>()
  private readonly keptVersions: PipelineInput['keptVersions']
  // The build code's hash, read once: a session runs the code it started with.
  private code: Promise<string> | undefined

  private constructor(
    options: SessionOptions,
    content: ContentFolder & { git: GitHistory; readVersion: VersionReader; keptVersions: PipelineInput['keptVersions'] },
    cache: RenderCache | undefined,
    renderings: RenderingFile,
  ) {
    this.options = options
    this.siteText = content.siteText
    this.files = new Map(content.files.map((file) => [file.path, file]))
    this.assets = content.assets
    this.api = content.api
    this.git = content.git
    this.readVersion = content.readVersion
    this.keptVersions = content.keptVersions
    const { threads, onProgress } = options
    this.renderPool = createRenderMany({ cache, ...(threads === undefined ? {} : { threads }), ...(onProgress ? { onProgress } : {}), keep: renderings.keep })
  }

  static async open(options: SessionOptions): Promise<SiteSession> {
    const [content, git] = await Promise.all([readContent(options.contentDir), readGitHistory(options.contentDir)])
    const readVersion = await versionReader(options.contentDir, content.siteText, git, localeFoldersOf(content.files.map((file) => file.path)), options.missingRef)
    const cache = options.cacheDir ? await RenderCache.open(options.cacheDir) : undefined
    const keptVersions = cache && options.isStored ? { store: await keptVersionStore(cache), placeBlob: options.isStored } : undefined
    return new SiteSession(options, { ...content, git, readVersion, keptVersions }, cache, await sessionRenderings(options.cacheDir))
  }

  /**
   * Takes in changed paths under the content folder, as a watcher reports
   * them. A folder moved or deleted makes the session read the whole content
   * folder again, keeping unchanged files as they were; other files (an
   * editor's swap files) are not content.
   */
  async refresh(paths: Iterable<string>): Promise<void> {
    const changed = [...new Set(paths)].map((path) => path.split('\\').join('/'))
    if (changed.includes(SITE_FILE)) {
      this.siteText = await readSiteText(this.options.contentDir)
      // Every page depends on the site's settings: start over rather than track which.
      this.reuse = new Reuse()
      this.renderers = new Map()
      this.readVersion = await versionReader(this.options.contentDir, this.siteText, this.git, localeFoldersOf(this.files.keys()), this.options.missingRef)
      this.versions.clear()
    }
    const files = changed.filter(isContentFile)
    for (const path of files) {
      const file = await readSourceFile(this.options.contentDir, path)
      if (file) this.files.set(path, file)
      else this.files.delete(path)
    }
    const isApiSource = (path: string) => this.api.sources.includes(path)
    if (changed.includes(SITE_FILE) || changed.some(isApiSource)) await this.rereadApiReference()
    const others = changed.filter((path) => path !== SITE_FILE && !isContentFile(path) && !isApiSource(path))
    if ((await Promise.all(others.map((path) => mayHoldContent(join(this.options.contentDir, path))))).some(Boolean)) await this.rescan()
    else if (changed.includes(SITE_FILE) || others.some(mayBeAsset)) this.assets = await readAssetFiles(this.options.contentDir, this.siteText, localeFoldersOf(this.files.keys()))
  }

  /**
   * What a build of the folder as read depends on, as one hash: the build
   * code, site.yml, each file by path, size and modification time (as git's
   * index tells changed files), the assets and the git commit. `npm start`
   * compares it with the live build's to serve that build without building
   * first; versions kept at git refs are not in it (a tag moved while
   * stopped shows once the session's first build is published).
   */
  async inputsHash(): Promise<string> {
    this.code ??= codeHash([PIPELINE])
    const code = await this.code
    const { files, assets, siteText, git, options } = this
    return hashOfAll(
      (function* () {
        yield* [code, siteText, git.head ?? '', String(options.llmsPartBytes ?? ''), String(options.viewBytes ?? '')]
        for (const file of [...files.values()].sort(byPath)) yield `${file.path}\0${file.text.length}\0${file.mtimeMs}`
        for (const asset of [...assets].sort(byPath)) yield `${asset.path}\0${asset.size}`
      })(),
    )
  }

  /** The API reference's pages made again; a page whose text and data did not change stays the same object, so its rendering is reused. */
  private async rereadApiReference(): Promise<void> {
    const { files, ...api } = await readApiReference(this.options.contentDir, this.siteText, localeFoldersOf(this.files.keys()))
    const before = new Map([...this.files.values()].filter(isGenerated).map((file) => [file.path, file]))
    for (const path of before.keys()) this.files.delete(path)
    for (const file of files) this.files.set(file.path, kept(before.get(file.path), file))
    this.api = api
  }

  private async rescan(): Promise<void> {
    const content = await readContent(this.options.contentDir)
    this.assets = content.assets
    this.api = content.api
    const known = new Map(this.files)
    this.files.clear()
    for (const file of content.files) this.files.set(file.path, kept(known.get(file.path), file))
  }

  /**
   * Builds the folder as it is now; throws ContentError as a one-shot build
   * does. `onBlob` takes each new blob as it is made (then the result's
   * `blobs` is empty), so publishing can start before the build ends.
   */
  async build(options: { onBlob?: (hash: string, text: string) => void } = {}): Promise<SessionBuild> {
    const started = performance.now()
    let succeeded = false
    try {
      const output = await runPipeline({
        siteText: this.siteText,
        files: [...this.files.values()].sort(byPath),
        sourceProblems: this.api.problems,
        assets: this.assets,
        git: withApiRenames(this.git, this.api),
        builtAt: new Date().toISOString(),
        renderManyOf: (version) => this.rendererOf(version),
        openVersion: (name) => this.openedVersion(name),
        leftOutVersions: this.readVersion.leftOut,
        reuse: this.reuse,
        ...(this.keptVersions ? { keptVersions: this.keptVersions } : {}),
        ...(options.onBlob ? { onBlob: options.onBlob } : {}),
        ...(this.options.llmsPartBytes === undefined ? {} : { llmsPartBytes: this.options.llmsPartBytes }),
        ...(this.options.viewBytes === undefined ? {} : { viewBytes: this.options.viewBytes }),
      })
      succeeded = true
      return { ...output, durationMs: performance.now() - started }
    } finally {
      this.reuse.endRun(succeeded)
    }
  }

  /** An archived version opened once, its pages read once, for as long as site.yml does not change. */
  private openedVersion(name: string): Promise<ArchivedVersion> {
    let kept = this.versions.get(name)
    if (!kept) {
      kept = this.readVersion(name).then((opened) => {
        let pages: Promise<VersionSourceContent> | undefined
        return { ...opened, read: () => (pages ??= opened.read()) }
      })
      this.versions.set(name, kept)
      // A failed read is tried again at the next build.
      kept.catch(() => this.versions.delete(name))
    }
    return kept
  }

  private rendererOf(version: string): RenderMany {
    let renderer = this.renderers.get(version)
    if (!renderer) {
      renderer = reusingRenderings(this.renderPool)
      this.renderers.set(version, renderer)
    }
    return renderer
  }
}
