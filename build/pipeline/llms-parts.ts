import { llmsFullParts } from './llms.ts'

/** A part of llms-full.txt as a blob: its JSON text and that text's hash. */
export interface PartBlob {
  json: string
  hash: string
}

/** A part as `update` hands it over: without its text when an earlier run made the very same part. */
export type UpdatedPart = PartBlob | { json?: undefined; hash: string }

// A kept part holds its pages (strings the build keeps anyway) and its hash, not its
// text: at 10,000 pages the texts of two locales came to over 250 MB of heap.
interface KeptPart {
  hash: string
  pages: string[]
  /** Whether the part ends the file (its last page then has no blank line after it). */
  last: boolean
}

/**
 * The parts of llms-full.txt, exactly as `llmsFullParts` cuts them, for a
 * long-lived build: a part made of the very same page strings as last time
 * (the build keeps a page's Markdown string while the page is unchanged) is
 * not joined, escaped or hashed again, and its blob is named, not made. At
 * 10,000 documents the parts are about 50 MB per locale; an edit changes one of them.
 */
export class LlmsParts {
  private pages: string[] = []
  private bytes: number[] = []
  private parts: KeptPart[] = []

  /** `endsFile` false: more pages follow these (another section's), so the last keeps its blank line. */
  update(pages: string[], maxBytes: number, blobOf: (text: string) => PartBlob, endsFile = true): UpdatedPart[] {
    if (maxBytes < 4) return llmsFullParts(pages, maxBytes, endsFile).map(blobOf)
    const sizes = this.sizesOf(pages, endsFile)
    // A page larger than a part is cut between lines: rare enough to take the plain path.
    if (sizes.some((size) => size > maxBytes)) {
      this.parts = []
      return llmsFullParts(pages, maxBytes, endsFile).map(blobOf)
    }
    const parts: UpdatedPart[] = []
    const kept: KeptPart[] = []
    let first = 0
    let bytes = 0
    const close = (end: number) => {
      const partPages = pages.slice(first, end)
      const last = end === pages.length && endsFile
      const same = this.parts.find((part) => part.last === last && part.pages.length === partPages.length && part.pages.every((page, i) => page === partPages[i]))
      const part = same ? { hash: same.hash } : blobOf(joinPages(partPages, last))
      parts.push(part)
      kept.push({ hash: part.hash, pages: partPages, last })
    }
    sizes.forEach((size, index) => {
      if (bytes + size > maxBytes && bytes > 0) {
        close(index)
        first = index
        bytes = 0
      }
      bytes += size
    })
    if (pages.length > 0) close(pages.length)
    this.parts = kept
    return parts
  }

  /** Each page's bytes in the file: its text, a line break if it lacks one, and the blank line after all but the last. */
  private sizesOf(pages: string[], endsFile: boolean): number[] {
    const aligned = pages.length === this.pages.length
    const bytes = pages.map((page, index) => (aligned && page === this.pages[index] ? (this.bytes[index] as number) : Buffer.byteLength(page, 'utf8')))
    this.pages = pages
    this.bytes = bytes
    return bytes.map((size, index) => size + (pages[index]?.endsWith('\n') ? 0 : 1) + (index < pages.length - 1 || !endsFile ? 1 : 0))
  }
}

function joinPages(pages: string[], last: boolean): string {
  const text = pages.map((page) => (page.endsWith('\n') ? page : `${page}\n`)).join('\n')
  return last ? text : `${text}\n`
}
