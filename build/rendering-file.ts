import { closeSync, openSync, rmSync, writeSync } from 'node:fs'
import type { RenderedDocument } from './markdown/render.ts'
import { BlockReader, renderingAt } from './rendering-blocks.ts'
import { originOf, withOrigin } from './markdown/rendering-origin.ts'
import { renderingTexts, type SplitRendering, splitOf, type TextsPlace, textsBytes } from './rendering-texts.ts'

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
  private readonly reader: BlockReader
  private end = 0
  private buffer = Buffer.allocUnsafe(64 * 1024)

  private constructor(path: string, fd: number, readsCacheInPlace: boolean) {
    this.path = path
    this.fd = fd
    this.readsCacheInPlace = readsCacheInPlace
    this.reader = new BlockReader({ path, fd })
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
    const { outline, place } = split ? this.placed(split) : this.appendTexts(parts as NonNullable<typeof parts>)
    return withOrigin(renderingAt(outline, place, this.reader), originOf(output))
  }

  /** Closes and removes the file; a rendering read after it throws. */
  close(): void {
    closeSync(this.fd)
    rmSync(this.path, { force: true })
  }

  /** Where a rendering from the cache has its texts: its cache file, or (without readCacheInPlace) its bytes appended here. */
  private placed({ outline, texts, stored }: SplitRendering): { outline: SplitRendering['outline']; place: TextsPlace } {
    if (this.readsCacheInPlace && stored) return { outline, place: stored }
    return { outline, place: { path: this.path, start: this.append(texts.bytes), bytes: textsBytes(texts.lengths), lengths: texts.lengths } }
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
    return { outline, place: { path: this.path, start: this.append(buffer.subarray(0, total)), bytes: total, lengths } }
  }

  /** Writes `bytes` at the end of the file, in one write (a build that takes 100,000 renderings from the cache makes each system call count); gives where they start. */
  private append(bytes: Uint8Array): number {
    const start = this.end
    let written = 0
    while (written < bytes.length) written += writeSync(this.fd, bytes, written, bytes.length - written, start + written)
    this.end += bytes.length
    return start
  }

  /** One buffer for every write, grown as needed: a buffer per page would be garbage outside the heap that no collection hurries. */
  private scratch(bytes: number): Buffer {
    if (this.buffer.length < bytes) this.buffer = Buffer.allocUnsafe(Math.max(bytes, this.buffer.length * 2))
    return this.buffer
  }
}
