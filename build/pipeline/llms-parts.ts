import { llmsFullParts } from './llms.ts'

/** A part of llms-full.txt as a blob: its JSON text and that text's hash. */
export interface PartBlob {
  json: string
  hash: string
}

interface KeptPart extends PartBlob {
  pages: string[]
  /** Whether the part ends the file (its last page then has no blank line after it). */
  last: boolean
}

/**
 * The parts of llms-full.txt, exactly as `llmsFullParts` cuts them, for a
 * long-lived build: a part made of the very same page strings as last time
 * (the build keeps a page's Markdown string while the page is unchanged) is
 * not joined, escaped or hashed again. At 10,000 documents the parts are
 * about 50 MB per locale; an edit changes one of them.
 */
export class LlmsParts {
  private pages: string[] = []
  private bytes: number[] = []
  private parts: KeptPart[] = []

  update(pages: string[], maxBytes: number, blobOf: (text: string) => PartBlob): PartBlob[] {
    if (maxBytes < 4) return llmsFullParts(pages, maxBytes).map(blobOf)
    const sizes = this.sizesOf(pages)
    // A page larger than a part is cut between lines: rare enough to take the plain path.
    if (sizes.some((size) => size > maxBytes)) {
      this.parts = []
      return llmsFullParts(pages, maxBytes).map(blobOf)
    }
    const parts: KeptPart[] = []
    let first = 0
    let bytes = 0
    const close = (end: number) => {
      const partPages = pages.slice(first, end)
      const last = end === pages.length
      const kept = this.parts.find((part) => part.last === last && part.pages.length === partPages.length && part.pages.every((page, i) => page === partPages[i]))
      parts.push(kept ?? { ...blobOf(joinPages(partPages, last)), pages: partPages, last })
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
    this.parts = parts
    return parts.map(({ json, hash }) => ({ json, hash }))
  }

  /** Each page's bytes in the file: its text, a line break if it lacks one, and the blank line after all but the last. */
  private sizesOf(pages: string[]): number[] {
    const aligned = pages.length === this.pages.length
    const bytes = pages.map((page, index) => (aligned && page === this.pages[index] ? (this.bytes[index] as number) : Buffer.byteLength(page, 'utf8')))
    this.pages = pages
    this.bytes = bytes
    return bytes.map((size, index) => size + (pages[index]?.endsWith('\n') ? 0 : 1) + (index < pages.length - 1 ? 1 : 0))
  }
}

function joinPages(pages: string[], last: boolean): string {
  const text = pages.map((page) => (page.endsWith('\n') ? page : `${page}\n`)).join('\n')
  return last ? text : `${text}\n`
}
