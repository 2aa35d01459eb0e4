import { env } from 'cloudflare:workers'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import {
  DisplayChunkSchema,
  KV_KEYS,
  SCHEMA_VERSION,
  SearchDisplayDirectorySchema,
  SearchIndexBlobSchema,
  blobHash,
  shardOf,
  type DisplayDocument,
  type DocsVersion,
  type Manifest,
  type SearchIndexBlob,
} from '../../contract/index.ts'
import { typoBucketsOf } from '../../search/engine.ts'
import { call as callWith, clearKv, expectUnavailable, fixtureBuild, fixtureDocs, fixtureManifest, freshKv, publishFixture, repoint, reroute, variantOf } from './helpers.ts'

// Storage damaged behind the worker's back, one stored kind and one kind of
// damage at a time: every case must answer 503 with Retry-After, never a 500
// and never a 200 with a broken body.

// Each test reads through a binding of its own, so it starts with a cold
// isolate cache: a value parsed intact by an earlier test is rightly kept.
let kv: KVNamespace
beforeEach(async () => {
  vi.restoreAllMocks()
  vi.spyOn(console, 'warn').mockImplementation(() => {}) // the worker logs each 503
  await clearKv()
  await publishFixture()
  kv = freshKv()
})
const call = (path: string, init?: RequestInit) => callWith(path, init, { DOCS_KV: kv })
const searchCall = (body: unknown) => call('/v1/search', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })

const blobText = (hash: string) => {
  const text = fixtureBuild().fixture.blobs[hash]
  if (text === undefined) throw new Error(`fixture has no blob ${hash}`)
  return text
}

/** Publishes a copy of the fixture's manifest, changed by `change`, as the live build. */
async function serveManifest(change: (manifest: Manifest) => void | Promise<void>) {
  const manifest = structuredClone(fixtureManifest())
  manifest.buildId = 'damaged'
  await change(manifest)
  await env.DOCS_KV.put(KV_KEYS.manifest(manifest.buildId), JSON.stringify(manifest))
  await env.DOCS_KV.put(KV_KEYS.pointer, JSON.stringify({ buildId: manifest.buildId, publishedAt: new Date().toISOString() }))
}

/** Stores `text` under its true content hash, as a faithful publish would. */
async function putBlob(text: string): Promise<string> {
  const hash = await blobHash(text)
  await env.DOCS_KV.put(KV_KEYS.blob(hash), text)
  return hash
}

interface BlobKind {
  name: string
  request: () => Promise<Response>
  /** The hash of this kind's blob in the live fixture build. */
  hash: () => string
  /** Points a manifest at another blob of this kind. */
  point: (manifest: Manifest, hash: string) => Promise<void>
}

const searchIndexHash = () => fixtureDocs().search.en as string
const routeShardHash = (slug: string) => fixtureDocs().routes[shardOf(slug, fixtureDocs().routes.length)] as string

/** Points a manifest copy at the fixture's tables changed by `change`, and stores them. */
async function pointDocs(manifest: Manifest, change: (docs: DocsVersion) => void) {
  const docs = fixtureDocs()
  change(docs)
  await putBlob((await repoint(manifest, docs)).text)
}
/** The English llms files of a version's tables, which name their part lists. */
function englishLlms(docs: DocsVersion): DocsVersion['llms'][string] {
  const llms = docs.llms.en
  if (!llms?.parts) throw new Error('the version names no English llms part lists')
  return llms
}
const searchHead = () => SearchIndexBlobSchema.parse(JSON.parse(blobText(searchIndexHash())))
const firstDirectory = () => SearchDisplayDirectorySchema.parse(JSON.parse(blobText(searchHead().displayDirectories[0] as string)))
const firstChunkHash = () => firstDirectory().chunks[0] as string
/** A query that finds the first display chunk's first page, by its title: its hits read that chunk. */
const firstChunkQuery = () => (DisplayChunkSchema.parse(JSON.parse(blobText(firstChunkHash()))).documents[0] as DisplayDocument).title
/** The shard of the English index that holds `term`. */
const shardPosition = (term: string) => searchHead().shards.findLastIndex((shard) => shard.first <= term)
/** The typo bucket that the query `marnoset` reads for its neighbour `marmoset`. */
const marmosetBucket = () => {
  const buckets = searchHead().typoBuckets
  const termsOf = (bucket: number) => (JSON.parse(blobText(buckets[bucket] as string)) as { terms: string }).terms.split('\n')
  return typoBucketsOf('marnoset', buckets.length).find((bucket) => termsOf(bucket).includes('marmoset')) as number
}
/** Points a manifest copy at a copy of the English index's head changed by `change`, and stores it. */
async function pointSearchHead(manifest: Manifest, change: (head: SearchIndexBlob) => void) {
  const head = searchHead()
  change(head)
  const headHash = await putBlob(JSON.stringify(head))
  await pointDocs(manifest, (docs) => {
    docs.search.en = headHash
  })
}

const BLOB_KINDS: BlobKind[] = [
  {
    name: 'document',
    request: () => call('/v1/documents/guides/install'),
    hash: () => variantOf('guides/install').blob,
    // The document is named by its route, so a new document means a new route shard.
    point: async (manifest, hash) => {
      const changed = await reroute(manifest, 'guides/install', (page) => {
        page.variants.en = { ...variantOf('guides/install'), blob: hash }
      })
      for (const blob of changed) await putBlob(blob.text)
    },
  },
  {
    name: 'route shard',
    request: () => call('/v1/documents/guides/install'),
    hash: () => routeShardHash('guides/install'),
    point: (manifest, hash) =>
      pointDocs(manifest, (docs) => {
        docs.routes[shardOf('guides/install', docs.routes.length)] = hash
      }),
  },
  {
    name: 'releases',
    request: () => call('/v1/releases'),
    hash: () => fixtureManifest().releases,
    point: async (manifest, hash) => {
      manifest.releases = hash
    },
  },
  {
    name: 'llms part lists',
    request: () => call('/llms-full.txt'),
    hash: () => englishLlms(fixtureDocs()).parts,
    point: (manifest, hash) =>
      pointDocs(manifest, (docs) => {
        englishLlms(docs).parts = hash
      }),
  },
  {
    name: 'search index',
    request: () => searchCall({ query: 'install' }),
    hash: searchIndexHash,
    point: (manifest, hash) =>
      pointDocs(manifest, (docs) => {
        docs.search.en = hash
      }),
  },
  {
    name: 'display chunk',
    request: () => searchCall({ query: firstChunkQuery() }),
    hash: firstChunkHash,
    // The chunk is named by a display directory, which the index names: a new chunk means a new directory and index blob.
    point: async (manifest, hash) => {
      const directory = firstDirectory()
      const directoryHash = await putBlob(JSON.stringify({ ...directory, chunks: [hash, ...directory.chunks.slice(1)] }))
      await pointSearchHead(manifest, (head) => {
        head.displayDirectories[0] = directoryHash
      })
    },
  },
]

// The values a search index's head names: each read by the query that needs it.
const SEARCH_VALUE_KINDS: BlobKind[] = [
  {
    name: 'search display directory',
    request: () => searchCall({ query: 'install' }),
    hash: () => searchHead().displayDirectories[0] as string,
    point: (manifest, hash) =>
      pointSearchHead(manifest, (head) => {
        head.displayDirectories[0] = hash
      }),
  },
  {
    name: 'search shard',
    request: () => searchCall({ query: 'install' }),
    hash: () => searchHead().shards[shardPosition('install')]?.hash as string,
    point: (manifest, hash) =>
      pointSearchHead(manifest, (head) => {
        ;(head.shards[shardPosition('install')] as SearchIndexBlob['shards'][number]).hash = hash
      }),
  },
  {
    name: 'search record lengths',
    request: () => searchCall({ query: 'install' }),
    hash: () => searchHead().recordLengths[0] as string,
    point: (manifest, hash) =>
      pointSearchHead(manifest, (head) => {
        head.recordLengths[0] = hash
      }),
  },
  {
    name: 'search typo bucket',
    // A typo: no term starts so, so the engine reads its typo buckets for terms one edit away.
    request: () => searchCall({ query: 'marnoset' }),
    hash: () => searchHead().typoBuckets[marmosetBucket()] as string,
    point: (manifest, hash) =>
      pointSearchHead(manifest, (head) => {
        head.typoBuckets[marmosetBucket()] = hash
      }),
  },
]
BLOB_KINDS.push(...SEARCH_VALUE_KINDS)

/** The stored value with a field a later format might add: strict schemas refuse it. */
function ofAnotherVersion(text: string): string {
  const value = JSON.parse(text) as Record<string, unknown>
  return JSON.stringify('schemaVersion' in value ? { ...value, schemaVersion: SCHEMA_VERSION + 1 } : { ...value, formatVersion: SCHEMA_VERSION + 1 })
}

describe.each(BLOB_KINDS)('a damaged $name blob', (kind) => {
  it('is served normally while it is intact', async () => {
    expect((await kind.request()).status).not.toBe(503)
  })

  it('answers 503 when it is truncated', async () => {
    const text = blobText(kind.hash())
    await env.DOCS_KV.put(KV_KEYS.blob(kind.hash()), text.slice(0, Math.floor(text.length / 2)))
    await expectUnavailable(await kind.request())
  })

  it('answers 503 when its bytes do not match its hash, even as valid JSON', async () => {
    const value = JSON.parse(blobText(kind.hash())) as Record<string, unknown>
    await env.DOCS_KV.put(KV_KEYS.blob(kind.hash()), JSON.stringify({ ...value, title: 'Tampered' }))
    await expectUnavailable(await kind.request())
  })

  it('answers 503 when it has the wrong shape under its true hash', async () => {
    const hash = await putBlob(JSON.stringify({ unexpected: true }))
    await serveManifest((manifest) => kind.point(manifest, hash))
    await expectUnavailable(await kind.request())
  })

  it('answers 503 when it is of another schema version under its true hash', async () => {
    const hash = await putBlob(ofAnotherVersion(blobText(kind.hash())))
    await serveManifest((manifest) => kind.point(manifest, hash))
    await expectUnavailable(await kind.request())
  })

  it('answers 503 when reading it from KV throws', async () => {
    const key = KV_KEYS.blob(kind.hash())
    const read = env.DOCS_KV.get.bind(env.DOCS_KV)
    vi.spyOn(env.DOCS_KV, 'get').mockImplementation(((name: string, options: never) => {
      if (name === key) return Promise.reject(new Error('KV is down for this key'))
      return read(name, options)
    }) as typeof env.DOCS_KV.get)
    await expectUnavailable(await kind.request())
  })
})

describe('a sharded search index', () => {
  it('finds a typo through its typo buckets while they are intact', async () => {
    const response = await searchCall({ query: 'marnoset' })
    expect(response.status).toBe(200)
    expect(((await response.json()) as { results: unknown[] }).results.length).toBeGreaterThan(0)
  })

  it.each(SEARCH_VALUE_KINDS)('answers 503 when its $name is missing from KV', async (kind) => {
    await env.DOCS_KV.delete(KV_KEYS.blob(kind.hash()))
    await expectUnavailable(await kind.request())
  })

  it('answers 503, never other results, when the shard its head names holds other terms under its true hash', async () => {
    const head = searchHead()
    const other = head.shards.findIndex((_, position) => position !== shardPosition('install'))
    const wrong = await putBlob(blobText(head.shards[other === -1 ? 0 : other]?.hash as string).replace('"terms":"', '"terms":"aaa\\n'))
    await serveManifest((manifest) =>
      pointSearchHead(manifest, (changed) => {
        ;(changed.shards[shardPosition('install')] as SearchIndexBlob['shards'][number]).hash = wrong
      }),
    )
    await expectUnavailable(await searchCall({ query: 'install' }))
  })

  it('answers 503, never other results, when a display directory names more or fewer chunks than the head says', async () => {
    const directory = firstDirectory()
    const longer = await putBlob(JSON.stringify({ ...directory, chunks: [...directory.chunks, directory.chunks[0]] }))
    await serveManifest((manifest) =>
      pointSearchHead(manifest, (head) => {
        head.displayDirectories[0] = longer
      }),
    )
    await expectUnavailable(await searchCall({ query: 'install' }))
  })

  it('answers 503, never other results, when the typo buckets its head names hold terms of other buckets under their true hashes', async () => {
    // Twice as many buckets, each named twice: every bucket then holds terms that hash to its twin.
    await serveManifest((manifest) =>
      pointSearchHead(manifest, (changed) => {
        changed.typoBuckets = [...changed.typoBuckets, ...changed.typoBuckets]
      }),
    )
    await expectUnavailable(await searchCall({ query: 'marnoset' }))
  })
})

describe('missing llms part lists', () => {
  const deleteParts = () => env.DOCS_KV.delete(KV_KEYS.blob(englishLlms(fixtureDocs()).parts))

  it.each(['/llms-full.txt', '/llms/guides.txt', '/llms-full/guides.txt'])('answer 503 on %s, which needs them, never a 404 or an empty file', async (path) => {
    await deleteParts()
    await expectUnavailable(await call(path))
  })

  it('leave llms.txt, a 304 of llms-full.txt and the documents served: they never read them', async () => {
    const etag = (await call('/llms-full.txt')).headers.get('ETag') as string
    await deleteParts()
    kv = freshKv()
    expect((await call('/llms.txt')).status).toBe(200)
    expect((await call('/llms-full.txt', { headers: { 'If-None-Match': etag } })).status).toBe(304)
    expect((await call('/v1/documents/guides/install')).status).toBe(200)
  })
})

describe('a damaged manifest or pointer', () => {
  const manifestKey = () => KV_KEYS.manifest(fixtureManifest().buildId)
  const request = () => call('/v1/documents/guides/install')

  it('answers 503 when the manifest is truncated', async () => {
    const text = JSON.stringify(fixtureManifest())
    await env.DOCS_KV.put(manifestKey(), text.slice(0, Math.floor(text.length / 2)))
    await expectUnavailable(await request())
  })

  it('answers 503 when the manifest has the wrong shape', async () => {
    await env.DOCS_KV.put(manifestKey(), JSON.stringify({ schemaVersion: SCHEMA_VERSION, buildId: fixtureManifest().buildId }))
    await expectUnavailable(await request())
  })

  it('answers 503 when the manifest is of another schema version', async () => {
    await env.DOCS_KV.put(manifestKey(), JSON.stringify({ ...fixtureManifest(), schemaVersion: SCHEMA_VERSION + 1 }))
    await expectUnavailable(await request())
  })

  it('answers 503 when the manifest names a blob by something that is not a hash', async () => {
    await serveManifest((manifest) => {
      manifest.releases = '../pointer'
    })
    await expectUnavailable(await request())
  })

  it.each(['llms', 'search', 'navigation'] as const)('answers 503, not 500, when the version lacks the %s entry of a listed locale', async (field) => {
    await serveManifest((manifest) =>
      pointDocs(manifest, (docs) => {
        delete docs[field].fr
      }),
    )
    await expectUnavailable(await call('/llms.txt?locale=fr'))
  })

  it('answers 503, not 500, when the manifest lacks the document count of a listed locale', async () => {
    await serveManifest((manifest) => {
      delete manifest.versions[0]?.documentCounts.fr
    })
    await expectUnavailable(await call('/llms.txt?locale=fr'))
  })

  it('answers 503 when reading the manifest throws', async () => {
    const read = env.DOCS_KV.get.bind(env.DOCS_KV)
    vi.spyOn(env.DOCS_KV, 'get').mockImplementation(((name: string, options: never) =>
      name === manifestKey() ? Promise.reject(new Error('KV is down for this key')) : read(name, options)) as typeof env.DOCS_KV.get)
    await expectUnavailable(await request())
  })

  it('answers 503 when the pointer is truncated or has the wrong shape', async () => {
    const text = (await env.DOCS_KV.get(KV_KEYS.pointer, 'text')) ?? ''
    await env.DOCS_KV.put(KV_KEYS.pointer, text.slice(0, 10))
    await expectUnavailable(await request())
    await env.DOCS_KV.put(KV_KEYS.pointer, JSON.stringify({ buildId: fixtureManifest().buildId }))
    await expectUnavailable(await request())
  })

  it('answers 503 when reading the pointer throws', async () => {
    const read = env.DOCS_KV.get.bind(env.DOCS_KV)
    vi.spyOn(env.DOCS_KV, 'get').mockImplementation(((name: string, options: never) =>
      name === KV_KEYS.pointer ? Promise.reject(new Error('KV is down for this key')) : read(name, options)) as typeof env.DOCS_KV.get)
    await expectUnavailable(await request())
  })

  it('logs the key of the damaged value with the 503', async () => {
    await env.DOCS_KV.put(manifestKey(), '{"schemaVersion":')
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    await expectUnavailable(await request())
    expect(warn.mock.calls.flat().join(' ')).toContain(manifestKey())
  })
})

describe('a fresh store after damage', () => {
  it('serves again once the damaged blob is put back', async () => {
    const hash = variantOf('guides/install').blob
    await env.DOCS_KV.put(KV_KEYS.blob(hash), '{}')
    await expectUnavailable(await call('/v1/documents/guides/install'))
    await env.DOCS_KV.put(KV_KEYS.blob(hash), blobText(hash))
    expect((await call('/v1/documents/guides/install')).status).toBe(200)
  })

  it('starts from an empty namespace with a 503, not a crash', async () => {
    await clearKv()
    await expectUnavailable(await call('/v1/releases'))
  })
})
