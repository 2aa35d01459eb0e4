import { SearchIndexError } from './errors.ts'

/**
 * LEB128 varints, the posting-list encoding: most deltas fit in one byte,
 * where JSON spends four to ten. Runtime-neutral (atob, TextEncoder and TextDecoder are in Node and workerd).
 */
export class ByteWriter {
  private buffer: Uint8Array
  length = 0

  constructor(capacity = 1024) {
    this.buffer = new Uint8Array(Math.max(16, capacity))
  }

  varint(value: number): void {
    let rest = value
    while (rest >= 0x80) {
      this.byte((rest % 0x80) | 0x80)
      rest = Math.floor(rest / 0x80)
    }
    this.byte(rest)
  }

  /** Appends bytes written earlier (a builder's cached posting list). */
  bytes(chunk: Uint8Array): void {
    if (this.length + chunk.length > this.buffer.length) this.grow(this.length + chunk.length)
    // Most lists are a few bytes, for which a loop beats set()'s call overhead.
    if (chunk.length > 32) this.buffer.set(chunk, this.length)
    else for (let at = 0; at < chunk.length; at++) this.buffer[this.length + at] = chunk[at] as number
    this.length += chunk.length
  }

  private byte(value: number): void {
    if (this.length === this.buffer.length) this.grow(this.length + 1)
    this.buffer[this.length++] = value
  }

  private grow(atLeast: number): void {
    const grown = new Uint8Array(Math.max(atLeast, this.buffer.length * 2))
    grown.set(this.buffer)
    this.buffer = grown
  }

  /** A copy of the bytes written, no larger than they are. */
  toBytes(): Uint8Array {
    return this.buffer.slice(0, this.length)
  }

  /** The bytes written, as base64 (see toBase64 below). */
  toBase64(): string {
    return toBase64(this.buffer.subarray(0, this.length))
  }

  /** The bytes written, without copying them: valid until the next write. */
  view(): Uint8Array {
    return this.buffer.subarray(0, this.length)
  }
}

/**
 * Standard base64 with padding, as btoa writes it: written as ASCII bytes,
 * two characters per 12 bits from a table, and decoded once, since a
 * string built up from char codes (what btoa needs) cost most of an index's
 * encoding time at 10k documents.
 */
export function toBase64(bytes: Uint8Array): string {
  const length = bytes.length
  const out = new Uint8Array(Math.ceil(length / 3) * 4)
  const pairs = new Uint16Array(out.buffer)
  let at = 0
  let pair = 0
  for (; at + 2 < length; at += 3) {
    const triple = ((bytes[at] as number) << 16) | ((bytes[at + 1] as number) << 8) | (bytes[at + 2] as number)
    pairs[pair++] = BASE64_PAIRS[triple >> 12] as number
    pairs[pair++] = BASE64_PAIRS[triple & 0xfff] as number
  }
  if (at < length) {
    const rest = length - at
    const triple = ((bytes[at] as number) << 16) | (rest === 2 ? (bytes[at + 1] as number) << 8 : 0)
    const written = pair * 2
    out[written] = BASE64[triple >> 18] as number
    out[written + 1] = BASE64[(triple >> 12) & 63] as number
    out[written + 2] = rest === 2 ? (BASE64[(triple >> 6) & 63] as number) : PAD
    out[written + 3] = PAD
  }
  return ascii.decode(out)
}

const BASE64 = new TextEncoder().encode('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/')
const PAD = '='.charCodeAt(0)
const ascii = new TextDecoder()
/** Two base64 characters for each 12-bit value, as the bytes of one Uint16 in the platform's byte order. */
const BASE64_PAIRS = (() => {
  const pairs = new Uint16Array(4096)
  const view = new Uint8Array(pairs.buffer)
  for (let value = 0; value < 4096; value++) {
    view[value * 2] = BASE64[value >> 6] as number
    view[value * 2 + 1] = BASE64[value & 63] as number
  }
  return pairs
})()

/** Writes `value` over the varint of `length` bytes at `offset` if it needs exactly that many; says whether it did. */
export function rewriteVarint(bytes: Uint8Array, offset: number, length: number, value: number): boolean {
  let needed = 1
  for (let rest = value; rest >= 0x80; rest = Math.floor(rest / 0x80)) needed++
  if (needed !== length) return false
  let rest = value
  for (let at = offset; at < offset + length - 1; at++) {
    bytes[at] = (rest % 0x80) | 0x80
    rest = Math.floor(rest / 0x80)
  }
  bytes[offset + length - 1] = rest
  return true
}

/** The platform's own decoder where it has one (workerd does, Node 22 does not): a fresh isolate decodes megabytes of base64 before its first answer. */
const nativeFromBase64 = (Uint8Array as { fromBase64?: (text: string) => Uint8Array }).fromBase64

export function fromBase64(text: string): Uint8Array {
  if (nativeFromBase64) return nativeFromBase64(text)
  const binary = atob(text)
  const bytes = new Uint8Array(binary.length)
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index)
  return bytes
}

/** The bytes of a stored value's base64 field `name`; `fail` makes the error when it is not base64 (a damaged value). */
export function base64Field(base64: string, name: string, fail: (what: string) => Error): Uint8Array {
  try {
    return fromBase64(base64)
  } catch {
    throw fail(`${name} is not base64`)
  }
}

/**
 * Decodes every varint of `bytes` into `out` from index `start`; returns the
 * index after the last, which is past `out`'s end when it had no room for them
 * all (and the values there are not kept). One loop over the bytes, with no
 * call per value: a fresh isolate decodes some 800,000 record lengths this way
 * (100,000 pages) before its first answer.
 */
export function varintsInto(bytes: Uint8Array, out: Uint32Array, start: number): number {
  let at = start
  let offset = 0
  while (offset < bytes.length) {
    let byte = bytes[offset++] as number
    let value = byte & 0x7f
    for (let scale = 0x80; byte >= 0x80; scale *= 0x80) {
      if (offset === bytes.length) throw new SearchIndexError('a varint runs past the end of its bytes')
      byte = bytes[offset++] as number
      value += (byte & 0x7f) * scale
    }
    out[at++] = value
  }
  return at
}

/** Reads varints from `bytes`, starting at `offset`. */
export class ByteReader {
  private readonly bytes: Uint8Array
  offset: number

  constructor(bytes: Uint8Array, offset = 0) {
    this.bytes = bytes
    this.offset = offset
  }

  /** The next varint; reading past the end is a corrupt index, not a zero. */
  varint(): number {
    let value = 0
    let scale = 1
    for (;;) {
      const byte = this.bytes[this.offset++]
      if (byte === undefined) throw new SearchIndexError('a varint runs past the end of its bytes')
      value += (byte & 0x7f) * scale
      if (byte < 0x80) return value
      scale *= 0x80
    }
  }

  atEnd(): boolean {
    return this.offset === this.bytes.length
  }
}
