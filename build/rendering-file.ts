import { closeSync, openSync, readSync, rmSync, writeSync } from 'node:fs'
import type { RenderedDocument } from './markdown/render.ts'

// In Unicode mode a surrogate matches only when it is not half of a pair.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u

/** Where one text of a rendering is in the file. */
interface Range {
  start: number
  bytes: number
}

/**
 * The text of a build's renderings (HTML, Markdown copy, search sections and terms,
 * hero), written to one append-only file as each page is rendered and read
 * back by byte range when a blob, an llms part or a search index needs it:
 * what stays in memory per page is its outline (title, headings, links,
 * anchors) and four ranges, so the build's heap does not grow with the
 * site's text. The file lives for one build and is removed by `close`.
 */
export class RenderingFile {
  private readonly path: string
  private readonly fd: number
  private end = 0
  private buffer = Buffer.allocUnsafe(64 * 1024)

  private constructor(path: string, fd: number) {
    this.path = path
    this.fd = fd
  }

  static open(path: string): RenderingFile {
    return new RenderingFile(path, openSync(path, 'w+'))
  }

  /**
   * The rendering with its text in the file: the same fields, the text ones
   * read when they are read. A text that UTF-8 cannot carry exactly (a lone
   * surrogate) stays in memory, so what comes back is always what went in.
   */
  readonly keep = (output: RenderedDocument): RenderedDocument => {
    const { html, hero, markdown, sections, recordTerms, ...outline } = output
    if (LONE_SURROGATE.test(html) || LONE_SURROGATE.test(markdown)) return output
    // One write per rendering, not one per text: a build that takes 100,000 renderings from the cache makes each system call count.
    const [htmlAt, markdownAt, sectionsAt, heroAt, recordTermsAt] = this.append([
      html,
      markdown,
      JSON.stringify(sections),
      hero === null ? null : JSON.stringify(hero),
      recordTerms === null ? null : JSON.stringify(recordTerms),
    ]) as [Range, Range, Range, Range | null, Range | null]
    const read = (range: Range) => this.read(range)
    // Own enumerable getters, not a class's: a spread or JSON.stringify of the rendering sees every field.
    return {
      ...outline,
      get html() {
        return read(htmlAt)
      },
      get hero() {
        return heroAt === null ? null : (JSON.parse(read(heroAt)) as RenderedDocument['hero'])
      },
      get markdown() {
        return read(markdownAt)
      },
      get sections() {
        return JSON.parse(read(sectionsAt)) as RenderedDocument['sections']
      },
      get recordTerms() {
        return recordTermsAt === null ? null : (JSON.parse(read(recordTermsAt)) as RenderedDocument['recordTerms'])
      },
    }
  }

  /** Closes and removes the file; a rendering read after it throws. */
  close(): void {
    closeSync(this.fd)
    rmSync(this.path, { force: true })
  }

  /** Writes the texts end to end at the end of the file, in one write; a null text takes no room and has no range. */
  private append(texts: Array<string | null>): Array<Range | null> {
    let total = 0
    for (const text of texts) if (text !== null) total += Buffer.byteLength(text, 'utf8')
    const buffer = this.scratch(total)
    let at = 0
    const ranges = texts.map((text) => {
      if (text === null) return null
      const bytes = buffer.write(text, at, 'utf8')
      const range = { start: this.end + at, bytes }
      at += bytes
      return range
    })
    let written = 0
    while (written < total) written += writeSync(this.fd, buffer, written, total - written, this.end + written)
    this.end += total
    return ranges
  }

  private read({ start, bytes }: Range): string {
    const buffer = this.scratch(bytes)
    let done = 0
    while (done < bytes) {
      const count = readSync(this.fd, buffer, done, bytes - done, start + done)
      if (count === 0) throw new Error(`${this.path}: the rendering file ends at ${start + done} bytes, before the ${bytes} bytes at ${start}`)
      done += count
    }
    return buffer.toString('utf8', 0, bytes)
  }

  /** One buffer for every write and read, grown as needed: a buffer per page would be garbage outside the heap that no collection hurries. */
  private scratch(bytes: number): Buffer {
    if (this.buffer.length < bytes) this.buffer = Buffer.allocUnsafe(Math.max(bytes, this.buffer.length * 2))
    return this.buffer
  }
}
