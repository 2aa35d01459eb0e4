import { SearchIndexError } from './errors.ts'

/**
 * LEB128 varints, the posting-list encoding: most deltas fit in one byte,
 * where JSON spends four to ten. Runtime-neutral (atob/btoa are in Node and workerd).
 */
export class ByteWriter {
  private buffer = new Uint8Array(1024)
  length = 0

  varint(value: number): void {
    let rest = value
    while (rest >= 0x80) {
      this.byte((rest % 0x80) | 0x80)
      rest = Math.floor(rest / 0x80)
    }
    this.byte(rest)
  }

  private byte(value: number): void {
    if (this.length === this.buffer.length) {
      const grown = new Uint8Array(this.buffer.length * 2)
      grown.set(this.buffer)
      this.buffer = grown
    }
    this.buffer[this.length++] = value
  }

  toBase64(): string {
    const bytes = this.buffer.subarray(0, this.length)
    let binary = ''
    for (let start = 0; start < bytes.length; start += 0x8000) {
      binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000))
    }
    return btoa(binary)
  }
}

export function fromBase64(text: string): Uint8Array {
  const binary = atob(text)
  const bytes = new Uint8Array(binary.length)
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index)
  return bytes
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
