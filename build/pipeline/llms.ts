// llms.txt and llms-full.txt (https://llmstxt.org) from pages already in
// Markdown. Pure text in, text out: the pipeline decides which pages, in
// which order, and where the results are stored.

export interface LlmsPage {
  title: string
  url: string
  description: string | null
}

export interface LlmsSection {
  /** null for pages outside any section, such as the home page. */
  title: string | null
  pages: LlmsPage[]
}

export interface LlmsIndexInput {
  title: string
  description: string | null
  sections: LlmsSection[]
}

export { LLMS_FULL_PART_BYTES } from '../../contract/index.ts'

/** The line that points agents at the MCP server the same worker runs (SPEC §2, "Documents for AI tools"). */
export const MCP_POINTER =
  'Agents: these docs are also an MCP server at [/mcp](/mcp) (Streamable HTTP; no token needed for published pages), with search, pages as resources and release notes; its card is at [/.well-known/mcp/server-card.json](/.well-known/mcp/server-card.json).'

/**
 * llms.txt: `# {title}`, `> {description}`, a line pointing agents at the MCP
 * server, then one link list per section.
 * Pages outside any section come first, under no heading, so that their list
 * cannot read as part of a section; sections keep their order, and a section
 * without pages is left out.
 */
export function llmsIndex(input: LlmsIndexInput): string {
  const blocks = [`# ${oneLine(input.title)}`]
  if (input.description) blocks.push(`> ${oneLine(input.description)}`)
  blocks.push(MCP_POINTER)
  const untitled = input.sections.filter((section) => section.title === null)
  const titled = input.sections.filter((section) => section.title !== null)
  const loose = untitled.flatMap((section) => section.pages)
  if (loose.length > 0) blocks.push(linkList(loose))
  for (const section of titled) {
    if (section.pages.length > 0) blocks.push(`## ${oneLine(section.title ?? '')}\n\n${linkList(section.pages)}`)
  }
  return `${blocks.join('\n\n')}\n`
}

/**
 * The llms file of one section of a large locale: `# {section title}`, a line
 * saying whose section it is, where its pages are in full and where the other
 * sections are listed, then
 * the section's pages as llms.txt would list them.
 */
export function llmsSectionFile(input: { siteTitle: string; indexUrl: string; fullUrl: string; section: LlmsSection }): string {
  const { section } = input
  const about = `> The ${section.pages.length} pages of this section of ${oneLine(input.siteTitle)}, in full at [${linkDestination(input.fullUrl)}](${linkDestination(input.fullUrl)}); every section is listed in [llms.txt](${linkDestination(input.indexUrl)}).`
  return `# ${oneLine(section.title ?? input.siteTitle)}\n\n${about}\n\n${linkList(section.pages)}\n`
}

function linkList(pages: LlmsPage[]): string {
  return pages
    .map((page) => {
      const link = `- [${linkText(page.title)}](${linkDestination(page.url)})`
      return page.description ? `${link}: ${oneLine(page.description)}` : link
    })
    .join('\n')
}

// Each entry is one line: a description or title that spans lines in front matter is joined.
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

// Brackets or a backslash in a title would end or bend the link text.
function linkText(title: string): string {
  return oneLine(title).replace(/[\\[\]]/g, '\\$&')
}

// Spaces, controls, angle brackets and parentheses are percent-encoded: the same URL, and it cannot end the link early.
function linkDestination(url: string): string {
  return url.replace(/[\x00-\x20<>()]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)
}

/**
 * llms-full.txt in parts of at most `maxPartBytes` UTF-8 bytes: every page,
 * each ending in a line break, with a blank line between pages. Parts are cut
 * between pages; a page too large for a part of its own is cut between lines,
 * and a line too large between characters (never inside one). The parts
 * joined are the whole file; no pages give no parts. Pages that do not end
 * the file (a section of a large locale's, with more after it) keep the blank
 * line after their last page too.
 */
export function llmsFullParts(pages: Iterable<string>, maxPartBytes: number, endsFile = true): string[] {
  const parts: string[] = []
  eachLlmsFullPart(pages, maxPartBytes, endsFile, (part) => parts.push(part))
  return parts
}

/**
 * The parts `llmsFullParts` makes, each handed to `onPart` as soon as it is
 * cut: with pages read as they are iterated, a one-shot build holds one part
 * and one page at a time instead of a locale's whole llms-full.txt.
 */
export function eachLlmsFullPart(pages: Iterable<string>, maxPartBytes: number, endsFile: boolean, onPart: (part: string) => void): void {
  // The longest UTF-8 character must fit a part.
  if (maxPartBytes < 4) throw new RangeError(`maxPartBytes must be at least 4, got ${maxPartBytes}`)
  const parts = new PartWriter(maxPartBytes, onPart)
  let previous: string | undefined
  for (const page of pages) {
    if (previous !== undefined) parts.addPage(`${previous}\n`)
    previous = page.endsWith('\n') ? page : `${page}\n`
  }
  if (previous !== undefined) parts.addPage(endsFile ? previous : `${previous}\n`)
  parts.finish()
}

/** Fills parts greedily, one page (with the blank line after it) at a time. */
class PartWriter {
  private readonly maxBytes: number
  private readonly onPart: (part: string) => void
  private current: string[] = []
  private currentBytes = 0

  constructor(maxBytes: number, onPart: (part: string) => void) {
    this.maxBytes = maxBytes
    this.onPart = onPart
  }

  addPage(text: string): void {
    const bytes = utf8Length(text)
    if (this.currentBytes + bytes > this.maxBytes) this.flush()
    if (bytes <= this.maxBytes) this.append(text, bytes)
    else this.addLargePage(text)
  }

  /** A page larger than a part gets parts of its own, filled line by line. */
  private addLargePage(text: string): void {
    for (const line of text.split(/(?<=\n)/)) {
      for (const piece of splitByBytes(line, this.maxBytes)) {
        const pieceBytes = utf8Length(piece)
        if (this.currentBytes + pieceBytes > this.maxBytes) this.flush()
        this.append(piece, pieceBytes)
      }
    }
    this.flush()
  }

  finish(): void {
    this.flush()
  }

  private append(text: string, bytes: number): void {
    this.current.push(text)
    this.currentBytes += bytes
  }

  private flush(): void {
    if (this.current.length === 0) return
    this.onPart(this.current.join(''))
    this.current = []
    this.currentBytes = 0
  }
}

/** `text` cut into pieces of at most `maxBytes` UTF-8 bytes, between code points. */
function splitByBytes(text: string, maxBytes: number): string[] {
  if (utf8Length(text) <= maxBytes) return [text]
  const pieces: string[] = []
  let piece = ''
  let pieceBytes = 0
  for (const character of text) {
    const bytes = utf8Length(character)
    if (pieceBytes + bytes > maxBytes) {
      pieces.push(piece)
      piece = ''
      pieceBytes = 0
    }
    piece += character
    pieceBytes += bytes
  }
  if (piece !== '') pieces.push(piece)
  return pieces
}

function utf8Length(text: string): number {
  return Buffer.byteLength(text, 'utf8')
}
