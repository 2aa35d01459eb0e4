import { SECTIONS_JSON, type RenderedDocument } from './markdown/render.ts'
import { withOrigin } from './markdown/rendering-origin.ts'

/**
 * The large parts of a rendering (its HTML, Markdown copy, search sections,
 * hero, search terms and headings) as UTF-8 bytes end to end, apart from its
 * outline.
 * The render cache stores a rendering so, and the renderings file of a
 * build takes a cached one's bytes as they are: a rebuild that takes 100,000
 * pages from the cache neither parses nor re-encodes their text (about 3.5 GB
 * of JSON at 100k), and reads a text only when a stage asks for it.
 */
interface RenderingTexts {
  bytes: Uint8Array
  /** Each text's length in bytes, in the order html, markdown, sections, hero, recordTerms, headings (the last four as JSON); -1 for a null hero or search terms. */
  lengths: number[]
}

type Outline = Omit<RenderedDocument, 'html' | 'markdown' | 'sections' | 'hero' | 'recordTerms' | 'headings'>

/** Where one rendering's texts are in a file: from which byte, how many bytes, and each text's length (RenderingTexts order). */
export interface TextsPlace {
  path: string
  start: number
  bytes: number
  lengths: number[]
}

/** A rendering as its outline and its texts' bytes. */
export interface SplitRendering {
  outline: Outline
  texts: RenderingTexts
  /** Where the same bytes are in a file that holds them for the rest of the build (a render cache entry), when they are. */
  stored?: TextsPlace
  /** The name of exactly this rendering, outline and texts, when it is a render cache entry's (see originOf). */
  origin?: string
}

// In Unicode mode a surrogate matches only when it is not half of a pair.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u

/**
 * Where a rendering read from the cache carries itself split (its outline
 * too, which cannot be copied out of it without reading every text). Not
 * enumerable, so that a copy made with changed texts (relink.ts) does not
 * carry the old bytes along.
 */
const SPLIT = Symbol('split rendering')

/** A rendering's outline and its texts as text, in RenderingTexts order; null when UTF-8 cannot carry its HTML or Markdown exactly (a lone surrogate). */
export function renderingTexts(output: RenderedDocument): { outline: Outline; texts: Array<string | null> } | null {
  const { html, markdown, sections, hero, recordTerms, headings, ...outline } = output
  if (LONE_SURROGATE.test(html) || LONE_SURROGATE.test(markdown)) return null
  // JSON escapes a lone surrogate, so the other texts always come back as they went in.
  return {
    outline,
    texts: [
      html,
      markdown,
      JSON.stringify(sections),
      hero === null ? null : JSON.stringify(hero),
      recordTerms === null ? null : JSON.stringify(recordTerms),
      JSON.stringify(headings),
    ],
  }
}

/** The rendering as fromSplit made it, split still; undefined for any other. */
export function splitOf(output: RenderedDocument): SplitRendering | undefined {
  return (output as { [SPLIT]?: SplitRendering })[SPLIT]
}

/** A rendering's outline and its texts as bytes (see renderingTexts). */
export function splitRendering(output: RenderedDocument): SplitRendering | null {
  const split = splitOf(output)
  if (split) return split
  const parts = renderingTexts(output)
  if (!parts) return null
  const bytes = parts.texts.map((text) => (text === null ? null : Buffer.from(text, 'utf8')))
  return {
    outline: parts.outline,
    texts: { bytes: Buffer.concat(bytes.filter((part) => part !== null)), lengths: bytes.map((part) => (part === null ? -1 : part.length)) },
  }
}

/** How many bytes the texts of `lengths` take end to end. */
export function textsBytes(lengths: readonly number[]): number {
  return lengths.reduce((total, length) => total + Math.max(length, 0), 0)
}

/**
 * Where text `position` starts in the bytes of texts of `lengths`. Added up when a text is read,
 * not kept: a range object per text was six objects a page, held for the whole build.
 */
export function textStart(lengths: readonly number[], position: number): number {
  let start = 0
  for (let before = 0; before < position; before++) start += Math.max(lengths[before] as number, 0)
  return start
}

const READ = Symbol('read a text')
type Reading = { [READ]: (position: number) => string | null }

/**
 * The text fields as accessors that read through the object's own READ: the
 * same functions for every rendering. A literal's own getters (closures) make
 * each object a dictionary in V8, about 800 bytes where these take about 100,
 * and a build keeps one rendering per page (130,000 at 100k pages).
 */
const textAccessor = (position: number, json: boolean): PropertyDescriptor => ({
  enumerable: true,
  get(this: Reading) {
    const text = this[READ](position)
    return json && text !== null ? JSON.parse(text) : text
  },
})
const TEXT_ACCESSORS: PropertyDescriptorMap = {
  html: textAccessor(0, false),
  markdown: textAccessor(1, false),
  sections: textAccessor(2, true),
  hero: textAccessor(3, true),
  recordTerms: textAccessor(4, true),
  // Only the table of contents reads them, when the page's blob is made: with their ids, about 1 KB a page.
  headings: textAccessor(5, true),
  // A key that covers a locale's every page reads their sections: at 100,000 pages, parsing and writing them again was seconds and garbage.
  [SECTIONS_JSON]: { ...textAccessor(2, false), enumerable: false },
}

/** A rendering's text fields, which withTexts reads when asked for. */
export type RenderingTextFields = Pick<RenderedDocument, 'html' | 'markdown' | 'sections' | 'hero' | 'recordTerms' | 'headings' | typeof SECTIONS_JSON>

/**
 * `outline` (a rendering's, or nothing for a rendering's texts alone) with the
 * texts `read` gives by position in RenderingTexts order (null for a null one),
 * each read when asked for. Own enumerable accessors, not a class's: a spread
 * or JSON.stringify of the rendering sees every field.
 */
export function withTexts<O extends object>(outline: O, read: (position: number) => string | null): O & RenderingTextFields {
  const rendering = { ...outline }
  Object.defineProperty(rendering, READ, { value: read })
  return Object.defineProperties(rendering, TEXT_ACCESSORS) as O & RenderingTextFields
}

/** The rendering of `split` whose texts are decoded from its bytes when asked for, and which splitRendering gives back split at no cost. */
export function fromSplit(split: SplitRendering): RenderedDocument {
  const { bytes, lengths } = split.texts
  const rendering = withTexts(split.outline, (position) => {
    const length = lengths[position] as number
    if (length < 0) return null
    const start = textStart(lengths, position)
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8', start, start + length)
  })
  Object.defineProperty(rendering, SPLIT, { value: split })
  return withOrigin(rendering, split.origin)
}
