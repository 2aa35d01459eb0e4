import { besideOutput, removeLeftovers } from './beside-output.ts'
import { localeFoldersOf } from './content/site-config.ts'
import { BuildWriter } from './emit.ts'
import { readGitHistory } from './git-history.ts'
import { runPipeline, type PipelineOutput } from './pipeline/pipeline.ts'
import { readContent, withApiRenames } from './read.ts'
import { versionReader } from './read-versions.ts'
import { keptVersionStore } from './kept-version-store.ts'
import { RenderCache } from './render-cache.ts'
import { RenderingFile } from './rendering-file.ts'
import { createRenderMany } from './render-pool.ts'
import { ParsedFiles } from './parsed-files.ts'
import { SearchThread } from './search-thread.ts'

export interface BuildOptions {
  contentDir: string
  outDir: string
  /** Where renderings are cached between builds; `null` turns the cache off. */
  cacheDir?: string | null
  threads?: number
  onProgress?: (done: number, total: number) => void
  /** Largest part of llms-full.txt, in bytes (tests make it small). */
  llmsPartBytes?: number
  /** The size line of each locale's stored sidebar and llms.txt, in bytes (contract/navigation.ts; tests make it small). */
  viewBytes?: number
  /** How many pages a locale's search index has at least to be made on the search thread (search-thread.ts; tests make it small). */
  searchThreadFrom?: number
  /**
   * Also hand every blob's text back in the result, for tools and tests that
   * inspect a build. Off by default: blobs go to disk as they are made, so
   * the build's memory does not grow with the site's total size.
   */
  keepBlobs?: boolean
}

export interface BuildResult extends PipelineOutput {
  durationMs: number
}

/** A one-shot build's result, with how many Markdown inputs it rendered and how many the render cache held. */
export type SiteBuild = BuildResult & { renders: { rendered: number; cached: number } }

/** The content folder read: site.yml, pages, release notes and assets, the git history, and the versions kept elsewhere, opened (see readContent for `stampsOnly`). */
export async function readSource(contentDir: string, options: { stampsOnly?: boolean } = {}) {
  const [content, history] = await Promise.all([readContent(contentDir, options), readGitHistory(contentDir)])
  const git = withApiRenames(history, content.api)
  const openVersion = await versionReader(contentDir, content.siteText, git, localeFoldersOf(content.files.map((file) => file.path)))
  return { ...content, git, openVersion, sourceProblems: content.api.problems }
}

/** Reads a content folder, runs the pipeline and writes the output whole, or throws ContentError. */
export async function buildSite(options: BuildOptions): Promise<SiteBuild> {
  const started = performance.now()
  // Files are named by their stamps and read when needed, not kept: with a cache, the current docs may be kept from the
  // last build and their files not read at all; in any case a page's source goes once it is rendered.
  const source = await readSource(options.contentDir, { stampsOnly: !options.keepBlobs })
  const cache = options.cacheDir ? await RenderCache.open(options.cacheDir) : undefined
  await removeLeftovers(options.outDir)
  const writer = await BuildWriter.open(options.outDir)
  // Docs versions are kept beside the renderings; their blobs are linked from the last dist/. The current
  // one too, unless every blob's text is asked for: a kept version's blobs are linked, not read.
  const keptVersions = cache && { store: await keptVersionStore(cache), placeBlob: writer.place, current: !options.keepBlobs }
  // What a page's front matter says, kept by the file's stamp: not read again while the file stays as it was.
  const parsedFiles = cache && (await ParsedFiles.open(cache.fileFor('parsed-files.v8')))
  const renders = { rendered: 0, cached: 0 }
  const kept = new Map<string, string>()
  const keptAssets: PipelineOutput['assets'] = new Map()
  // The renderings' text waits on disk beside the output, for this run only, with or without a cache.
  const renderingsPath = besideOutput(options.outDir, 'renderings')
  const renderings = RenderingFile.open(renderingsPath, { readCacheInPlace: true })
  // Large indexes are made on a thread of their own, which stores their values itself: not when every blob's text is asked for.
  const searchThread = options.keepBlobs
    ? null
    : new SearchThread({ renderingsPath, writer, ...(options.searchThreadFrom === undefined ? {} : { minPages: options.searchThreadFrom }) })
  let output: PipelineOutput
  try {
    output = await runPipeline({
      ...source,
      ...(keptVersions ? { keptVersions } : {}),
      builtAt: new Date().toISOString(),
      ...(options.llmsPartBytes === undefined ? {} : { llmsPartBytes: options.llmsPartBytes }),
      ...(options.viewBytes === undefined ? {} : { viewBytes: options.viewBytes }),
      ...(cache ? { memo: { read: (key: string) => cache.kept(key), write: (key: string, value: string) => cache.keep(key, value) } } : {}),
      ...(searchThread ? { searchThread } : {}),
      ...(parsedFiles ? { parseDocument: parsedFiles.parse } : {}),
      renderMany: createRenderMany({
        cache,
        ...(options.threads === undefined ? {} : { threads: options.threads }),
        ...(options.onProgress ? { onProgress: options.onProgress } : {}),
        onRendered: (rendered, cached) => {
          renders.rendered += rendered
          renders.cached += cached
        },
        keep: renderings.keep,
        ...(searchThread ? { onCached: (kept: object) => searchThread.readAhead(kept) } : {}),
      }),
      onBlob: (hash, text) => {
        writer.write(hash, text)
        if (options.keepBlobs) kept.set(hash, text)
      },
      onAsset: (asset) => {
        writer.writeAsset(asset)
        if (options.keepBlobs) keptAssets.set(asset.hash, asset)
      },
    })
    await searchThread?.finish()
  } catch (error) {
    // The thread stops before the staged output goes: it may be writing into it.
    await searchThread?.close()
    await writer.abort()
    throw error
  } finally {
    await searchThread?.close()
    renderings.close()
  }
  await writer.commit(output.manifest, output.blobList)
  await parsedFiles?.save()
  await cache?.pruneStale()
  return { ...output, blobs: kept, assets: keptAssets, durationMs: performance.now() - started, renders }
}
