import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BuildResult } from '../../build/build.ts'
import {
  DisplayChunkSchema,
  DocumentBlobSchema,
  LlmsPartsBlobSchema,
  ManifestSchema,
  NavigationBlobSchema,
  ReleasesBlobSchema,
  RouteShardSchema,
  SearchIndexBlobSchema,
  SearchRecordLengthsSchema,
  SearchShardSchema,
  SearchVocabularySchema,
  SearchDisplayDirectorySchema,
  TextBlobSchema,
  shardOf,
  type RouteVariant,
} from '../../contract/index.ts'
import { buildDir, removeTempDirs, routesOf, versionOf } from '../shared/build-helpers.ts'

afterAll(removeTempDirs)

// The worker refuses any stored value its schema does not accept, so what the
// build writes must pass the same schemas: checked here on this product's own
// docs and on the test fixture site.
const builds: Record<string, BuildResult> = {}
beforeAll(async () => {
  for (const dir of ['content', 'test/fixtures/site']) builds[dir] = (await buildDir(dir)).result
})

const parsed = (result: BuildResult, hash: string) => JSON.parse(result.blobs.get(hash) ?? 'null') as unknown

const variants = (result: BuildResult): RouteVariant[] =>
  Object.values(routesOf(result).documents).flatMap((byId) => Object.values(byId).flatMap((entry) => [entry, ...(entry.preview ? [entry.preview] : [])]))
const documentHashes = (result: BuildResult) => variants(result).map((entry) => entry.blob)
const markdownHashes = (result: BuildResult) => variants(result).map((entry) => entry.markdown)

describe.each(['content', 'test/fixtures/site'])('every value the build of %s writes passes its schema', (dir) => {
  it('passes: the manifest', () => {
    expect(ManifestSchema.safeParse(builds[dir]?.manifest).error).toBeUndefined()
  })

  it('passes: every document variant', () => {
    const result = builds[dir] as BuildResult
    const hashes = documentHashes(result)
    expect(hashes.length).toBeGreaterThan(5)
    for (const hash of hashes) expect(DocumentBlobSchema.safeParse(parsed(result, hash)).error, hash).toBeUndefined()
  })

  it('passes: every Markdown copy', () => {
    const result = builds[dir] as BuildResult
    for (const hash of markdownHashes(result)) expect(TextBlobSchema.safeParse(parsed(result, hash)).error, hash).toBeUndefined()
  })

  it('passes: every route shard, each holding exactly the slugs and redirects shardOf assigns it', () => {
    const result = builds[dir] as BuildResult
    const { routes } = versionOf(result)
    for (const [position, hash] of routes.entries()) {
      const shard = RouteShardSchema.parse(parsed(result, hash))
      for (const slug of [...Object.keys(shard.slugs), ...Object.keys(shard.redirects)]) expect(shardOf(slug, routes.length), slug).toBe(position)
    }
  })

  it('passes: navigation, releases, search indexes with their shards, typo buckets, record lengths, display directories and display chunks', () => {
    const result = builds[dir] as BuildResult
    const { manifest } = result
    const docs = versionOf(result)
    for (const { public: open, drafts } of Object.values(docs.navigation)) {
      for (const hash of [open, drafts]) expect(NavigationBlobSchema.safeParse(parsed(result, hash)).error).toBeUndefined()
    }
    for (const { index, parts } of Object.values(docs.llms)) {
      const { full } = LlmsPartsBlobSchema.parse(parsed(result, parts))
      for (const hash of [index, ...full]) expect(TextBlobSchema.safeParse(parsed(result, hash)).error).toBeUndefined()
    }
    expect(ReleasesBlobSchema.safeParse(parsed(result, manifest.releases)).error).toBeUndefined()
    for (const hash of Object.values(docs.search)) {
      const index = SearchIndexBlobSchema.parse(parsed(result, hash))
      for (const directory of index.displayDirectories) {
        expect(SearchDisplayDirectorySchema.safeParse(parsed(result, directory)).error).toBeUndefined()
        for (const chunk of SearchDisplayDirectorySchema.parse(parsed(result, directory)).chunks) expect(DisplayChunkSchema.safeParse(parsed(result, chunk)).error).toBeUndefined()
      }
      for (const { hash: shard } of index.shards) expect(SearchShardSchema.safeParse(parsed(result, shard)).error).toBeUndefined()
      for (const chunk of index.typoBuckets) expect(SearchVocabularySchema.safeParse(parsed(result, chunk)).error).toBeUndefined()
      for (const chunk of index.recordLengths) expect(SearchRecordLengthsSchema.safeParse(parsed(result, chunk)).error).toBeUndefined()
      expect(index.shards.length).toBeGreaterThan(0)
    }
  })

  it('lists every blob and asset it writes in its blob list, and no other', () => {
    const result = builds[dir] as BuildResult
    expect([...new Set([...result.blobs.keys(), ...result.assets.keys()])].sort()).toEqual(result.blobList.blobs)
    expect(result.blobList.buildId).toBe(result.manifest.buildId)
  })
})

describe('the schemas are strict', () => {
  it('refuse a document with a field they do not know, as a later format might add', () => {
    const result = builds.content as BuildResult
    const document = parsed(result, documentHashes(result)[0] as string) as object
    expect(DocumentBlobSchema.safeParse({ ...document, body: 'x' }).success).toBe(false)
  })

  it('refuse a manifest that names a blob by anything but a content hash', () => {
    const manifest = (builds.content as BuildResult).manifest
    expect(ManifestSchema.safeParse({ ...manifest, releases: '../pointer' }).success).toBe(false)
  })
})
