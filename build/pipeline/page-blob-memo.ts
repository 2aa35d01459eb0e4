import { createHash } from 'node:crypto'
import { originOf } from '../markdown/rendering-origin.ts'
import { documentBlob, type RenderedSource, type VariantInput, WITHOUT_TEXTS } from './assemble.ts'
import type { BlobSet } from './blob-set.ts'
import type { BuildMemo } from './build-memo.ts'

/**
 * The blobs of a version's pages (a page as each locale serves it, its
 * Markdown copy, and the parts of llms-full.txt their copies make) as the
 * last one-shot build with a cache named them, by a key
 * of everything each is made of: the rendering, named by its origin (a render
 * cache entry as it was stored, see originOf), and the page's other inputs as
 * text. A rebuild names the blob of a page whose inputs are the same, and
 * which the last build's output has, instead of reading its rendering's texts
 * and escaping and hashing its JSON again: at 100,000 pages that was 17 s of
 * a rebuild after one edit, and much of its garbage.
 */
export class PageBlobMemo {
  private readonly memo: BuildMemo
  private readonly key: string
  private readonly place: (hash: string) => boolean
  private readonly last: Map<string, string>
  // What this build named or made, as the memo keeps it (keys and names, one after the other): the next build's memo.
  // A flat list, not a Map: 300,000 pairs at 100k pages, held through the locales' views.
  private readonly named: string[] = []

  private constructor(memo: BuildMemo, key: string, place: (hash: string) => boolean, last: Map<string, string>) {
    this.memo = memo
    this.key = key
    this.place = place
    this.last = last
  }

  /** The memo kept under `key`; `place` puts the last build's blob in place as this build's (false when it has none). */
  static async open(memo: BuildMemo, key: string, place: (hash: string) => boolean): Promise<PageBlobMemo> {
    return new PageBlobMemo(memo, key, place, pairsOf(await memo.read(key)))
  }

  /** A page's blob as one locale serves it: its rendering, and the blob as it would be without the rendering's texts. */
  document(blobs: BlobSet, variant: VariantInput): string {
    const origin = originOf(variant.source.rendered)
    const inputs = origin && inputsKey([origin, JSON.stringify([documentBlob(variant, WITHOUT_TEXTS), variant.source.parsed.data.toc ?? null])])
    return this.blob(blobs, inputs, () => documentBlob(variant))
  }

  /** A page's Markdown copy: its rendering, and its title. */
  markdown(blobs: BlobSet, source: RenderedSource): string {
    const origin = originOf(source.rendered)
    return this.blob(blobs, origin && inputsKey([origin, JSON.stringify(['markdown', source.title])]), () => source.markdown)
  }

  /**
   * The parts of llms-full.txt over `pages`, their Markdown copies cut as `cutting` says by `make` (which stores each
   * part and names it): named by the last build when the pages and the cut are the same. A rebuild after one edit at
   * 100,000 pages read every page's Markdown again and escaped and hashed 800 MB of parts, 6 s and much garbage.
   */
  llmsFullParts(blobs: BlobSet, pages: readonly RenderedSource[], cutting: string, make: () => string[]): string[] {
    const keyParts = [cutting]
    for (const page of pages) {
      const origin = originOf(page.rendered)
      if (origin === undefined) return make()
      keyParts.push(JSON.stringify([origin, page.title]))
    }
    const inputs = inputsKey(keyParts)
    const again = this.namedAgain(blobs, inputs)
    if (again) return again
    const parts = make()
    this.named.push(inputs, parts.join(' '))
    return parts
  }

  /** The blob of `make()`, named by the last build when `inputs` (inputsKey) are what it was made of, else made. */
  private blob(blobs: BlobSet, inputs: string | undefined, make: () => unknown): string {
    if (inputs === undefined) return blobs.add(make())
    const again = this.namedAgain(blobs, inputs)
    if (again?.length === 1) return again[0] as string
    const oversized = blobs.oversized.length
    const hash = blobs.add(make())
    // A blob larger than KV takes is a warning of every build: it is made each time, and told.
    if (blobs.oversized.length === oversized) this.named.push(inputs, hash)
    return hash
  }

  /**
   * The blobs the last build named for `inputs` (names without spaces, kept space-separated), put in place and named as
   * this build's; undefined when it named none, or one of them is not in its output.
   */
  private namedAgain(blobs: BlobSet, inputs: string): string[] | undefined {
    const known = this.last.get(inputs)
    if (known === undefined) return undefined
    const names = known === '' ? [] : known.split(' ')
    if (!names.every((name) => this.place(name))) return undefined
    this.named.push(inputs, known)
    return names.map((name) => blobs.addMade(name))
  }

  /** Keeps what this build named, for the next. */
  async save(): Promise<void> {
    await this.memo.write(this.key, JSON.stringify(this.named))
  }
}

/**
 * The key of what blobs are made of: their renderings' origins and the rest of their inputs, as text. 128 bits: a build
 * holds one key per page and locale (300,000 at 100k pages, two locales), and no two inputs will meet at that width.
 */
function inputsKey(parts: readonly string[]): string {
  const hash = createHash('sha256')
  parts.forEach((part, position) => {
    if (position > 0) hash.update('\u0000')
    hash.update(part)
  })
  return hash.digest('base64url').slice(0, 22)
}

/** The memo's pairs, kept as one flat list of keys and names; none when it is missing or not whole (a build stopped while writing it). */
function pairsOf(text: string | undefined): Map<string, string> {
  const pairs = new Map<string, string>()
  if (text === undefined) return pairs
  let flat: unknown
  try {
    flat = JSON.parse(text)
  } catch {
    return pairs
  }
  if (!Array.isArray(flat)) return pairs
  for (let at = 0; at + 1 < flat.length; at += 2) pairs.set(String(flat[at]), String(flat[at + 1]))
  return pairs
}
