import { SEARCH_OPTIONS } from './options.ts'
import { normalizeTerm, words, type Word } from './tokenize.ts'

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/**
 * The window of a section's text where the most query terms occur, cut at
 * word boundaries, HTML-escaped, with every matched word in `<mark>`.
 * `termOf` maps an indexed word to the query term it matched (so three
 * forms of one term count once), or undefined when it matched nothing.
 */
export function excerpt(text: string, locale: string, termOf: (term: string) => string | undefined, length: number = SEARCH_OPTIONS.excerptLength): string {
  const found = words(text, locale).map((word) => ({ ...word, term: termOf(normalizeTerm(word.text)) }))
  const [start, end] = bestWindow(found, text.length, length)
  let html = start > 0 ? '…' : ''
  // Escaped a run at a time, from mark to mark: escaping is per character, so the runs read as the words one by one would.
  let at = start
  for (const word of found) {
    if (word.term === undefined || word.index < start || word.index + word.text.length > end) continue
    html += `${escapeHtml(text.slice(at, word.index))}<mark>${escapeHtml(word.text)}</mark>`
    at = word.index + word.text.length
  }
  html += escapeHtml(text.slice(at, end))
  return end < text.length ? `${html.trimEnd()}…` : html
}

/** Start and end of the window, at word boundaries: most distinct terms, then the earliest. */
function bestWindow(found: Array<Word & { term: string | undefined }>, textLength: number, length: number): [number, number] {
  if (textLength <= length) return [0, textLength]
  let best = { start: 0, terms: -1 }
  const hits = found.filter((word) => word.term !== undefined)
  for (const hit of hits) {
    // Open a little before the hit, at the start of a word, so it reads in context.
    const opening = found.findLast((word) => word.index <= Math.max(0, hit.index - length / 4)) ?? found[0]
    const start = opening?.index ?? 0
    const terms = new Set(hits.filter((other) => other.index >= start && other.index + other.text.length <= start + length).map((other) => other.term)).size
    if (terms > best.terms) best = { start, terms }
  }
  const closing = found.findLast((word) => word.index + word.text.length <= best.start + length)
  const end = closing ? closing.index + closing.text.length : Math.min(textLength, best.start + length)
  // Only punctuation left after the last word: keep it rather than cut before it.
  if (!found.some((word) => word.index >= end)) return [best.start, textLength]
  return [best.start, Math.max(end, best.start)]
}
