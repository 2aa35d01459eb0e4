import { createHash, randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { bodyDigest } from './content/body-notes.ts'
import { codeHash } from './code-hash.ts'
import { relinked } from './markdown/relink.ts'
import type { LinkTargets, RenderedDocument, RenderInput } from './markdown/render.ts'
import { fromSplit, splitRendering, textsBytes, type SplitRendering } from './rendering-texts.ts'

/**
 * The name of an input's rendering in the cache: everything it is rendered from but the link targets (see relink.ts).
 * The body counts by its digest, which a build takes as it parses the file: a page in the cache is not read again.
 */
export function renderKeyOf(input: RenderInput): string {
  const partials = input.partials ? JSON.stringify(input.partials) : ''
  const settings = `${input.format ?? ''}\u0000${input.headingIds ?? ''}\u0000${input.vue ?? ''}\u0000${input.hero ? JSON.stringify(input.hero) : ''}`
  const body = input.bodyDigest ?? bodyDigest(input.body)
  return createHash('sha256').update(`${input.path}\u0000${input.bodyLine}\u0000${settings}\u0000${partials}\u0000${body}`).digest('hex')
}

/**
 * The modules whose output is cached: renderings (and how they are stored), the search indexes kept as memos,
 * and pages' blobs, named by what they are made of (page-blob-memo.ts).
 */
const CACHED_PRODUCERS = [
  new URL('./markdown/render.ts', import.meta.url),
  new URL('./render-cache.ts', import.meta.url),
  new URL('./pipeline/search-index.ts', import.meta.url),
  new URL('./pipeline/assemble.ts', import.meta.url),
]

const NEWLINE = 10

/**
 * The namespace of this process's renderers, computed once (an isolate cache): the code a process runs does not
 * change while it runs, and a build opens its cache after the CLI has already looked in it (heap-growth.ts).
 */
let processNamespace: Promise<string> | undefined

async function namespaceOfThisCode(): Promise<string> {
  const lock = await readFile(new URL('../package-lock.json', import.meta.url)).catch(() => '')
  return createHash('sha256')
    .update(await codeHash(CACHED_PRODUCERS))
    .update(lock)
    .digest('hex')
    .slice(0, 16)
}

/** A stored rendering, or null when the file is not whole: JSON never holds a raw newline, so the first one ends the outline. */
function parseStored(file: Buffer): SplitRendering | null {
  const end = file.indexOf(NEWLINE)
  if (end === -1) return null
  let head: { outline: SplitRendering['outline']; lengths: number[] }
  try {
    head = JSON.parse(file.toString('utf8', 0, end)) as typeof head
  } catch {
    return null
  }
  const bytes = file.subarray(end + 1)
  return textsBytes(head.lengths) === bytes.length ? { outline: head.outline, texts: { bytes, lengths: head.lengths } } : null
}

/**
 * The name of a cache entry's rendering, outline and texts: two renderings of one input differ only where their
 * links or file references resolve elsewhere, which their outlines (in the head) say.
 */
function entryOrigin(key: string, head: Uint8Array): string {
  return createHash('sha256').update(key).update(head).digest('base64url')
}

/**
 * Renderings on disk, keyed by a hash of the code that renders (every module
 * it imports, and the locked dependencies) and the document source.
 * A hit whose links now resolve elsewhere (the same page in another docs
 * version, a renamed target) has its link URLs rewritten (relink.ts), and is
 * rendered again only when that cannot be done faithfully.
 */
export class RenderCache {
  readonly dir: string
  private readonly namespace: string
  private readonly memoKeysUsed = new Set<string>()

  private constructor(dir: string, namespace: string) {
    this.dir = dir
    this.namespace = namespace
  }

  static async open(dir: string): Promise<RenderCache> {
    processNamespace ??= namespaceOfThisCode()
    const namespace = await processNamespace
    await mkdir(join(dir, namespace), { recursive: true })
    return new RenderCache(dir, namespace)
  }

  /**
   * A rendering kept for `input`, or undefined. Read synchronously: a build with a warm cache reads one
   * file per page, and the promise API's open, stat, read and close round trips made those reads about
   * three times slower (measured on 6,500 renderings: 0.9–1.4 s against 0.3–0.45 s). Its texts stay
   * bytes until read (rendering-texts.ts). A file cut short (a build killed while writing it) is a miss.
   */
  get(input: RenderInput, targets: LinkTargets): RenderedDocument | undefined {
    const key = renderKeyOf(input)
    const path = this.pathOf(key)
    let file: Buffer
    try {
      file = readFileSync(path)
    } catch {
      return undefined
    }
    const split = parseStored(file)
    if (!split) return undefined
    const { bytes, lengths } = split.texts
    const start = file.length - bytes.length
    const stored = { path, start, bytes: bytes.length, lengths }
    return relinked(input, fromSplit({ ...split, stored, origin: entryOrigin(key, file.subarray(0, start)) }), targets)
  }

  /**
   * Keeps a rendering: its outline as a line of JSON, then its texts' bytes. One that UTF-8 cannot carry is not kept, and renders again.
   * Written beside its place and renamed into it, so that a build reading the entry in place never sees it half written.
   * Gives the entry's origin (see originOf), or undefined when it is not kept.
   */
  async set(input: RenderInput, output: RenderedDocument): Promise<string | undefined> {
    const split = splitRendering(output)
    if (!split) return undefined
    const key = renderKeyOf(input)
    const head = Buffer.from(`${JSON.stringify({ outline: split.outline, lengths: split.texts.lengths })}\n`, 'utf8')
    const path = this.pathOf(key)
    const written = `${path}.${randomUUID()}.tmp`
    await writeFile(written, Buffer.concat([head, split.texts.bytes]))
    await rename(written, path)
    return entryOrigin(key, head)
  }

  private pathOf(key: string): string {
    return this.fileFor(`${key}.rendering`)
  }

  private memoFile(key: string): string {
    return this.fileFor(`memo-${key}.json`)
  }

  /** Where a memo of the build's own (parsed-files.ts) lives: in the namespace, so that it goes when the code changes. */
  fileFor(name: string): string {
    return join(this.dir, this.namespace, name)
  }

  /** Keeps the memos of `keys` through pruneStale though this build did not read them (what a kept docs version's build made). */
  retain(keys: readonly string[]): void {
    for (const key of keys) this.memoKeysUsed.add(key)
  }

  /** A value kept between builds under `key` (a docs version's output, a search index's head and values' names), or undefined; unused ones go at pruneStale. */
  async kept(key: string): Promise<string | undefined> {
    this.memoKeysUsed.add(key)
    return readFile(this.memoFile(key), 'utf8').catch(() => undefined)
  }

  async keep(key: string, value: string): Promise<void> {
    this.memoKeysUsed.add(key)
    await writeFile(this.memoFile(key), value)
  }

  /** How many renderings this code's namespace holds: a build that takes most of its pages from them renders little. */
  async renderings(): Promise<number> {
    const entries = await readdir(join(this.dir, this.namespace))
    return entries.filter((name) => name.endsWith('.rendering')).length
  }

  /** Drops the renderings of older renderers and the memos this build did not use (old indexes are large). */
  async pruneStale(): Promise<void> {
    const names = await readdir(this.dir)
    await Promise.all(names.filter((name) => name !== this.namespace).map((name) => rm(join(this.dir, name), { recursive: true, force: true })))
    const entries = await readdir(join(this.dir, this.namespace))
    const unused = entries.filter((name) => name.startsWith('memo-') && !this.memoKeysUsed.has(name.slice(5, -5)))
    await Promise.all(unused.map((name) => rm(join(this.dir, this.namespace, name), { force: true })))
  }
}
