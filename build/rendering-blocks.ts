import { closeSync, openSync, readSync } from 'node:fs'
import { type RenderingTextFields, type TextsPlace, textStart, withTexts } from './rendering-texts.ts'

/** Where a rendering whose texts wait in a file (RenderingFile.keep) has them; not enumerable, so a copy with other texts has none. */
const PLACE = Symbol('texts place')

/** Where `rendering` has its texts, when they wait in a file; undefined when they are in memory. */
export function textsPlaceOf(rendering: object): TextsPlace | undefined {
  return (rendering as { [PLACE]?: TextsPlace })[PLACE]
}

/** `outline` (a rendering's, or nothing for its texts alone) with the texts at `place`, each read through `reader` when asked for. */
export function renderingAt<O extends object>(outline: O, place: TextsPlace, reader: BlockReader): O & RenderingTextFields {
  const { lengths } = place
  const rendering = withTexts(outline, (position) => {
    const length = lengths[position] as number
    return length < 0 ? null : reader.read(place, textStart(lengths, position), length)
  })
  return Object.defineProperty(rendering, PLACE, { value: place })
}

/**
 * Reads renderings' texts from their files, a whole rendering's block at a
 * time, kept until another block is asked for: stages read a page's texts
 * one after another (its HTML and hero, then its Markdown; its sections,
 * then its terms), and each read is a system call. The file given as `home`
 * stays open; any other (a render cache entry) is opened for each block.
 */
export class BlockReader {
  private readonly home: { path: string; fd: number } | null
  private buffer = Buffer.allocUnsafe(64 * 1024)
  private last: TextsPlace | null = null

  constructor(home: { path: string; fd: number } | null = null) {
    this.home = home
  }

  /** The text `bytes` long from `start` within the block at `place`. */
  read(place: TextsPlace, start: number, bytes: number): string {
    if (this.last !== place) {
      if (this.buffer.length < place.bytes) this.buffer = Buffer.allocUnsafe(Math.max(place.bytes, this.buffer.length * 2))
      // Set first: a failed read leaves no block that the buffer would be taken for.
      this.last = null
      if (place.path === this.home?.path) this.readBlock(this.home.fd, place)
      else this.readElsewhere(place)
      this.last = place
    }
    return this.buffer.toString('utf8', start, start + bytes)
  }

  private readBlock(fd: number, place: TextsPlace): void {
    let done = 0
    while (done < place.bytes) {
      const count = readSync(fd, this.buffer, done, place.bytes - done, place.start + done)
      if (count === 0) throw new Error(`${place.path}: the rendering file ends at ${place.start + done} bytes, before the ${place.bytes} bytes at ${place.start}`)
      done += count
    }
  }

  private readElsewhere(place: TextsPlace): void {
    let fd: number
    try {
      fd = openSync(place.path, 'r')
    } catch (error) {
      throw new Error(`${place.path}: a cached rendering left the render cache while the build was reading it; build again`, { cause: error })
    }
    try {
      this.readBlock(fd, place)
    } finally {
      closeSync(fd)
    }
  }
}
