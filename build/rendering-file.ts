import { closeSync, openSync, readSync, rmSync, writeSync } from 'node:fs'
import type { RenderedDocument } from './markdown/render.ts'
import { renderingTexts, type SplitRendering, splitOf, textStart, textsBytes, withTexts } from './rendering-texts.ts'

/** Where one rendering's texts are: in the renderings file, or at `path` (a render cache entry read in place). */
interface Range {
  start: number
  bytes: number
  path?: string
}

/**
 * The text of a build's renderings (HTML, Markdown copy, search sections and terms,
 * hero, headings), written to one append-only file as each page is rendered and read
 * back by byte range when a blob, an llms part or a search index needs it:
 * what stays in memory per page is its outline (title, links, anchors,
 * assets, problems) and its texts' ranges, so the build's heap does not grow with the
 * site's text. The file lives for one build and is removed by `close`.
 */
export class RenderingFile {
  private readonly path: string
  private readonly fd: number
  private readonly readsCacheInPlace: boolean
  private end = 0
  private buffer = Buffer.allocUnsafe(64 * 1024)
  private blockBuffer = Buffer.allocUnsafe(64 * 1024)
  private lastBlock: Range | null = null

  private constructor(path: string, fd: number, readsCacheInPlace: boolean) {
    this.path = path
    this.fd = fd
    this.readsCacheInPlace = readsCacheInPlace
  }

  /**
   * With `readCacheInPlace`, a rendering from the render cache is read from its cache file when a stage asks
   * for a text, not copied here: a build from the cache at 100,000 pages wrote 2.6 GB less. For a one-shot
   * build only: its cache files stay as they are while it runs, as nothing removes renderings of its own code.
   */
  static open(path: string, options: { readCacheInPlace?: boolean } = {}): RenderingFile {
    return new RenderingFile(path, openSync(path, 'w+'), options.readCacheInPlace ?? false)
  }

  /**
   * The rendering with its text in the file: the same fields, the text ones
   * read when they are read. A text that UTF-8 cannot carry exactly (a lone
   * surrogate) stays in memory, so what comes back is always what went in.
   */
  readonly keep = (output: RenderedDocument): RenderedDocument => {
    // A rendering from the cache comes split already: its bytes go to the file as they are (or stay in its cache file), none decoded.
    const split = splitOf(output)
    const parts = split ? null : renderingTexts(output)
    if (!split && !parts) return output
    const { outline, block, lengths } = split ? this.placed(split) : this.appendTexts(parts as NonNullable<typeof parts>)
    return withTexts(outline, (position) => {
      const length = lengths[position] as number
      return length < 0 ? null : this.read(block, textStart(lengths, position), length)
    })
  }

  /** Closes and removes the file; a rendering read after it throws. */
  close(): void {
    closeSync(this.fd)
    rmSync(this.path, { force: true })
  }

  /** Where a rendering from the cache has its texts: its cache file, or (without readCacheInPlace) its bytes appended here. */
  private placed({ outline, texts, stored }: SplitRendering): { outline: SplitRendering['outline']; block: Range; lengths: number[] } {
    const bytes = textsBytes(texts.lengths)
    const block = this.readsCacheInPlace && stored ? { path: stored.path, start: stored.offset, bytes } : { start: this.append(texts.bytes), bytes }
    return { outline, block, lengths: texts.lengths }
  }

  /** Writes a fresh rendering's texts end to end through the scratch buffer, in one write. */
  private appendTexts({ outline, texts }: NonNullable<ReturnType<typeof renderingTexts>>) {
    let total = 0
    for (const text of texts) if (text !== null) total += Buffer.byteLength(text, 'utf8')
    const buffer = this.scratch(total)
    let offset = 0
    const lengths = texts.map((text) => {
      if (text === null) return -1
      const bytes = buffer.write(text, offset, 'utf8')
      offset += bytes
      return bytes
    })
    return { outline, block: { start: this.append(buffer.subarray(0, total)), bytes: total }, lengths }
  }

  /** Writes `bytes` at the end of the file, in one write (a build that takes 100,000 renderings from the cache makes each system call count); gives where they start. */
  private append(bytes: Uint8Array): number {
    const start = this.end
    let written = 0
    while (written < bytes.length) written += writeSync(this.fd, bytes, written, bytes.length - written, start + written)
    this.end += bytes.length
    return start
  }

  /**
   * A text of the rendering whose texts are `block`, `bytes` long from `start` within it. The whole block is read and kept
   * until another rendering's text is asked for: stages read a page's texts one after another (its HTML and
   * hero, then its Markdown; its sections, then its terms), and each read is a system call.
   */
  private read(block: Range, start: number, bytes: number): string {
    if (this.lastBlock !== block) {
      if (this.blockBuffer.length < block.bytes) this.blockBuffer = Buffer.allocUnsafe(Math.max(block.bytes, this.blockBuffer.length * 2))
      // Set first: a failed read leaves no block that the buffer would be taken for.
      this.lastBlock = null
      if (block.path) this.readCached(block.path, block)
      else this.readBlock(this.fd, this.path, block)
      this.lastBlock = block
    }
    return this.blockBuffer.toString('utf8', start, start + bytes)
  }

  private readBlock(fd: number, path: string, block: Range): void {
    let done = 0
    while (done < block.bytes) {
      const count = readSync(fd, this.blockBuffer, done, block.bytes - done, block.start + done)
      if (count === 0) throw new Error(`${path}: the rendering file ends at ${block.start + done} bytes, before the ${block.bytes} bytes at ${block.start}`)
      done += count
    }
  }

  private readCached(path: string, block: Range): void {
    let fd: number
    try {
      fd = openSync(path, 'r')
    } catch (error) {
      throw new Error(`${path}: a cached rendering left the render cache while the build was reading it; build again`, { cause: error })
    }
    try {
      this.readBlock(fd, path, block)
    } finally {
      closeSync(fd)
    }
  }

  /** One buffer for every write, grown as needed: a buffer per page would be garbage outside the heap that no collection hurries. */
  private scratch(bytes: number): Buffer {
    if (this.buffer.length < bytes) this.buffer = Buffer.allocUnsafe(Math.max(bytes, this.buffer.length * 2))
    return this.buffer
  }
}
