import { finishHash, fnv1a } from './cuts.ts'
import type { IndexTerms } from './tokenize.ts'

/**
 * `text` in a string of its own. A slice of a long string points into it
 * and keeps it alive: a preview or a term kept from a page's text would keep
 * the whole text, and a one-shot build reads each page's text to let it go.
 */
export function detached(text: string): string {
  return ` ${text}`.slice(1)
}

const EMPTY = -1

/**
 * The vocabulary as numbers: each term seen gets an id for good, so posting
 * lists and cached tokens hold small integers instead of millions of strings.
 *
 * Ids are found in a hash table of its own rather than a Map, so that a term
 * can be looked up where it stands in a longer text (`idIn`), without a string
 * made for it: a build from the render cache reads every page's terms out of
 * one text per record, about 50 million terms at 100,000 pages.
 */
export class TermTable {
  readonly terms: string[] = []
  // Open addressing with linear probing: each slot holds an id or EMPTY; a term's hash is kept to
  // compare before its letters, and to place it again when the table grows.
  private slots = new Int32Array(2048).fill(EMPTY)
  private hashes = new Int32Array(1024)
  // Scratch for deduplicating a record's terms without a Set per record.
  private seenIn = new Int32Array(1024).fill(EMPTY)
  private seenAt = new Int32Array(1024)
  private pass = 0

  id(term: string): number {
    return this.idIn(term, 0, term.length)
  }

  /** The id of the term `text.slice(start, end)`, given one if new. */
  idIn(text: string, start: number, end: number): number {
    const hash = finishHash(fnv1a(text, start, end)) | 0
    const mask = this.slots.length - 1
    let slot = hash & mask
    for (let id = this.slots[slot] as number; id !== EMPTY; id = this.slots[slot] as number) {
      if (this.hashes[id] === hash && sameText(this.terms[id] as string, text, start, end)) return id
      slot = (slot + 1) & mask
    }
    const id = this.terms.length
    this.terms.push(detached(text.slice(start, end)))
    if (id >= this.hashes.length) this.grow()
    this.hashes[id] = hash
    this.slots[slot] = id
    // At most half full, so that a probe ends soon.
    if (2 * this.terms.length > this.slots.length) this.rehash()
    return id
  }

  /**
   * Appends the distinct terms of `words` and `joined` to `out` as id × 2 + (1
   * when the term repeats), in order of first occurrence. Returns the length
   * of `words` as the index counts it: each word once, or twice if it repeats.
   */
  appendDistinct({ words, joined }: IndexTerms, out: number[], flagRepeats: boolean): number {
    // A long-lived build counts passes for good; start over before the count leaves 32 bits.
    if (this.pass === 0x7fffffff) {
      this.seenIn.fill(EMPTY)
      this.pass = 0
    }
    const pass = this.pass++
    let length = 0
    const add = (token: string, counted: boolean) => {
      const id = this.id(token)
      if (this.seenIn[id] === pass) {
        const at = this.seenAt[id] as number
        if (counted && (out[at] as number) % 2 === 0) length++
        if (flagRepeats) out[at] = id * 2 + 1
        return
      }
      this.seenIn[id] = pass
      this.seenAt[id] = out.length
      out.push(id * 2)
      if (counted) length++
    }
    for (const word of words) add(word, true)
    for (const term of joined) add(term, false)
    return length
  }

  /** Doubles the per-id arrays. */
  private grow(): void {
    const size = this.hashes.length * 2
    this.hashes = grown(this.hashes, size, 0)
    this.seenIn = grown(this.seenIn, size, EMPTY)
    this.seenAt = grown(this.seenAt, size, 0)
  }

  /** Doubles the slots and places every id again. */
  private rehash(): void {
    const slots = new Int32Array(this.slots.length * 2).fill(EMPTY)
    const mask = slots.length - 1
    for (let id = 0; id < this.terms.length; id++) {
      let slot = (this.hashes[id] as number) & mask
      while (slots[slot] !== EMPTY) slot = (slot + 1) & mask
      slots[slot] = id
    }
    this.slots = slots
  }
}

function grown(array: Int32Array, size: number, fill: number): Int32Array<ArrayBuffer> {
  const next = new Int32Array(size)
  if (fill !== 0) next.fill(fill)
  next.set(array)
  return next
}

/** Whether `term` is `text.slice(start, end)`. */
function sameText(term: string, text: string, start: number, end: number): boolean {
  if (term.length !== end - start) return false
  for (let at = 0; at < term.length; at++) if (term.charCodeAt(at) !== text.charCodeAt(start + at)) return false
  return true
}
