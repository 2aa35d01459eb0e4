import { execFile } from 'node:child_process'
import { readFile, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { DIST_FILES, DocsVersionSchema, ManifestSchema, shardOf, type Manifest } from '../contract/index.ts'
import { documentPath, generateCorpus, random, sampleDocuments, writeCorpus } from './corpus.ts'
import { measureStart, type StartRun } from './measure-author-loop.ts'
import { routesOf } from './routes.ts'
import { readDist } from '../publish/read-dist.ts'

const run = promisify(execFile)

export interface VersionFigures {
  versions: number
  documentsPerVersion: number
  /** One cold build (an empty render cache, as `npm run build` starts) of the site as one version, and of the site with every version. */
  oneVersion: { ms: number; maxRssMb: number }
  allVersions: { ms: number; maxRssMb: number }
  /** (all - one) / (versions - 1), and that as a share of the one-version build. */
  perExtraVersionMs: number
  perExtraVersionShare: number
  /** A rebuild with a warm render cache after one edit in the current version, with and without the other versions. */
  oneEditMs: { oneVersion: number; allVersions: number }
  /** Blobs a publish writes when the newest version is added to a site that had the others. */
  addVersionWrites: number
  blobs: number
  /** What a cold isolate reads to answer a document of the oldest version: pointer, manifest, the version tables and shards it reads. */
  coldBytesOldest: number
  /** `npm start` on the site with every version, empty KV and render cache; then again with nothing changed. */
  start: { first: StartRun; unchanged: StartRun }
}

const CHANGED_SHARE = 0.05

/**
 * A site of `versions` versions of the bench corpus, kept as git tags (each
 * differing from the one before in about 5% of its pages), the newest being
 * the content folder: what a build costs per version, what a publish that adds
 * one writes, and what a cold isolate reads for a page of the oldest one.
 */
export async function measureVersions(workDir: string, documents: number, versions: number): Promise<VersionFigures> {
  const repo = join(workDir, 'versioned')
  const { corpus, pages } = await commitVersions(repo, documents, versions)
  const siteFile = join(repo, 'site.yml')
  const sites = siteTexts(await readFile(siteFile, 'utf8'), versions)

  const out = join(workDir, 'versions-dist')
  await writeFile(siteFile, sites.oneVersion)
  const oneVersion = await buildChild(repo, out, await emptyCache(workDir, 'one'))
  await writeFile(siteFile, sites.withoutNewest)
  await buildChild(repo, out, await emptyCache(workDir, 'without-newest'))
  const without = new Set((await readBlobList(out)).blobs)
  await writeFile(siteFile, sites.allVersions)
  const allVersions = await buildChild(repo, out, await emptyCache(workDir, 'all'))
  const built = await readBlobList(out)
  const coldBytesOldest = await coldBytes(out)
  const startState = { persist: join(workDir, 'versions-start-state'), cache: await emptyCache(workDir, 'start') }
  const served = documentPath(sampleDocuments(corpus, 1)[0] as Parameters<typeof documentPath>[0], true)
  const start = { first: await measureStart(repo, startState, { path: served }), unchanged: await measureStart(repo, startState, { path: served }) }

  const oneEditMs = await measureOneEdit(workDir, repo, out, sites, pages[0] as string)
  const perExtraVersionMs = (allVersions.ms - oneVersion.ms) / (versions - 1)
  return {
    versions,
    documentsPerVersion: documents,
    oneVersion,
    allVersions,
    perExtraVersionMs,
    perExtraVersionShare: perExtraVersionMs / oneVersion.ms,
    oneEditMs,
    addVersionWrites: built.blobs.filter((hash) => !without.has(hash)).length,
    blobs: built.blobs.length,
    coldBytesOldest,
    start,
  }
}

/** The corpus in a git repository, one commit per version (tagged, but for the newest), each changing about 5% of the pages. */
async function commitVersions(repo: string, documents: number, versions: number) {
  const git = (...args: string[]) => run('git', ['-C', repo, '-c', 'user.name=Bench', '-c', 'user.email=bench@example.com', ...args], { maxBuffer: 64 * 1024 * 1024 })
  const corpus = generateCorpus({ documents, seed: 42 })
  await writeCorpus(corpus, repo)
  await git('init', '-q', '-b', 'main')
  const pages = [...corpus.files.keys()].filter((path) => path.startsWith('docs/'))
  const next = random(7)
  for (let version = 1; version <= versions; version++) {
    if (version > 1) {
      for (const path of pages) {
        if (next() >= CHANGED_SHARE) continue
        await writeFile(join(repo, path), `${await readFile(join(repo, path), 'utf8')}\nChanged in version ${version}.\n`)
      }
    }
    await git('add', '-A')
    await git('commit', '-q', '-m', `version ${version}`)
    if (version < versions) await git('tag', `v${version}`)
  }
  return { corpus, pages }
}

interface SiteTexts {
  oneVersion: string
  withoutNewest: string
  allVersions: string
}

/** The site.yml of the site as one version, with every version but the newest, and with every version. */
function siteTexts(plainSite: string, versions: number): SiteTexts {
  const entries = [
    `  - name: "${versions}"\n    status: unreleased\n`,
    ...Array.from({ length: versions - 1 }, (_, i) => `  - name: "${versions - 1 - i}"\n    ref: v${versions - 1 - i}\n    status: ${i === 0 ? 'current' : 'maintained'}\n`),
  ]
  const withVersions = (list: string[]) => `${plainSite}versions:\n${list.join('')}`
  return { oneVersion: plainSite, withoutNewest: withVersions(entries.slice(1)), allVersions: withVersions(entries) }
}

async function emptyCache(workDir: string, name: string): Promise<string> {
  const dir = join(workDir, `versions-cache-${name}`)
  await rm(dir, { recursive: true, force: true })
  return dir
}

/** A rebuild after one edit of `page`, with a warm render cache, of the site as one version and with every version (into `out`, where its cold build went). */
async function measureOneEdit(workDir: string, repo: string, out: string, sites: SiteTexts, page: string): Promise<VersionFigures['oneEditMs']> {
  const siteFile = join(repo, 'site.yml')
  const oneEditMs = { oneVersion: 0, allVersions: 0 }
  const edited = join(repo, page)
  const original = await readFile(edited, 'utf8')
  // Each site rebuilds into the dist/ its cold build left, as `npm run build` does: a kept version's blobs are linked from there.
  await writeFile(siteFile, sites.oneVersion)
  await buildChild(repo, join(workDir, 'versions-dist-one'), join(workDir, 'versions-cache-one'))
  for (const [key, cache, dist] of [
    ['oneVersion', join(workDir, 'versions-cache-one'), join(workDir, 'versions-dist-one')],
    ['allVersions', join(workDir, 'versions-cache-all'), out],
  ] as const) {
    await writeFile(siteFile, sites[key])
    await writeFile(edited, `${original}\nOne more edit.\n`)
    oneEditMs[key] = (await buildChild(repo, dist, cache)).ms
    await writeFile(edited, original)
    await rm(cache, { recursive: true, force: true })
  }
  return oneEditMs
}

async function buildChild(content: string, out: string, cache?: string): Promise<{ ms: number; maxRssMb: number }> {
  const { stdout } = await run(process.execPath, ['bench/build-child.ts', '--content', content, '--out', out, ...(cache ? ['--cache', cache] : [])], {
    maxBuffer: 16 * 1024 * 1024,
  })
  const { ms, maxRssMb } = JSON.parse(stdout.trim().split('\n').pop() as string) as { ms: number; maxRssMb: number }
  return { ms, maxRssMb }
}

async function readBlobList(out: string): Promise<{ blobs: string[] }> {
  return JSON.parse(await readFile(join(out, DIST_FILES.blobList), 'utf8')) as { blobs: string[] }
}

/**
 * Bytes of the values the worker reads, cold, for one page of the oldest
 * version: the manifest, that version's tables and route shard, the page, and
 * for its `versions` list each other version's tables and the shard of the slug.
 */
async function coldBytes(out: string): Promise<number> {
  const { readBlob } = await readDist(out)
  const manifestText = await readFile(join(out, DIST_FILES.manifest), 'utf8')
  const manifest: Manifest = ManifestSchema.parse(JSON.parse(manifestText))
  const oldest = manifest.versions.at(-1)
  if (!oldest) throw new Error('no versions')
  const size = async (hash: string) => (await stat(join(out, DIST_FILES.blob(hash)))).size
  const oldestDocs = DocsVersionSchema.parse(JSON.parse(await readBlob(oldest.docs)))
  const routes = await routesOf({ ...manifest, versions: [{ ...oldest, aliases: ['latest'] }] }, readBlob)
  const [slug, docId] = Object.entries(routes.slugs)[0] as [string, string]
  const variant = routes.documents[manifest.site.defaultLocale]?.[docId]
  let bytes =
    Buffer.byteLength(manifestText) +
    (await size(oldest.docs)) +
    (await size(oldestDocs.routes[shardOf(slug, oldestDocs.routes.length)] as string)) +
    (await size(variant?.blob as string))
  for (const version of manifest.versions.slice(0, -1)) {
    const docs = DocsVersionSchema.parse(JSON.parse(await readBlob(version.docs)))
    bytes += (await size(version.docs)) + (await size(docs.routes[shardOf(docId, docs.routes.length)] as string))
  }
  return bytes
}
