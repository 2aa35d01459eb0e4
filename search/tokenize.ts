/** A word of a text, as written, and where it starts. */
export interface Word {
  text: string
  index: number
}

// Deliberate isolate cache: a segmenter per locale, since building one loads ICU data.
const segmenters = new Map<string, Intl.Segmenter>()

function segmenterFor(locale: string): Intl.Segmenter {
  let segmenter = segmenters.get(locale)
  if (!segmenter) {
    segmenter = new Intl.Segmenter(locale, { granularity: 'word' })
    segmenters.set(locale, segmenter)
  }
  return segmenter
}

/**
 * The words of a text by Unicode word boundaries (UAX #29) with the
 * locale's dictionary, so that Chinese, Japanese and Thai, written without
 * spaces, split into words too. Build and query both call this. Text
 * without such scripts takes a regular-expression shortcut that gives the
 * same words several times faster (it was most of a 10k-page build's time).
 */
export function words(text: string, locale: string): Word[] {
  return needsDictionary(text) ? segmentedWords(text, locale) : spacedWords(text)
}

/** Scripts written without spaces between words, which need ICU's dictionaries to split. */
const NEEDS_DICTIONARY = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u

/** Whether `text` splits by the locale's dictionary; text that does not has the same words in every locale. */
export const needsDictionary = (text: string): boolean => NEEDS_DICTIONARY.test(text)

/**
 * Words of text in scripts that put spaces between words, as the segmenter
 * plus our splitting below would give them (a test checks the two agree),
 * at a fraction of the cost: letters, marks, digits and connectors, with a
 * dot or comma kept between digits (`3.14`, `v2.1.0`, `1,000`).
 */
const SPACED_WORD = /[\p{L}\p{M}\p{Nd}\p{Pc}]+(?:(?<=\p{Nd})[.,](?=\p{Nd})[\p{L}\p{M}\p{Nd}\p{Pc}]+)*/gu

function spacedWords(text: string): Word[] {
  const found: Word[] = []
  for (const match of text.matchAll(SPACED_WORD)) found.push({ text: match[0], index: match.index })
  return found
}

/** The segmenter's words, without the shortcut: exported so a test can hold the shortcut to it. */
export function segmentedWords(text: string, locale: string): Word[] {
  const found: Word[] = []
  for (const segment of segmenterFor(locale).segment(text)) {
    if (!segment.isWordLike) continue
    let start = 0
    for (const match of segment.segment.matchAll(INNER_PUNCTUATION)) {
      push(found, segment.segment.slice(start, match.index), segment.index + start)
      start = match.index + match[0].length
    }
    push(found, segment.segment.slice(start), segment.index + start)
  }
  return found
}

/**
 * Punctuation UAX #29 may keep inside a word: elisions (`l'installateur`,
 * `don't`), where readers search for the word after it, and dots between
 * letters (`example.com`), which ICU versions treat differently. Splitting
 * there ourselves makes Node (build) and workerd (queries) agree. Between
 * digits (`3.14`, `v2.1.0`) it stays.
 */
const INNER_PUNCTUATION = /(?<!\p{N})[.:'\u2019\u00b7]|[.:'\u2019\u00b7](?!\p{N})/gu

function push(found: Word[], text: string, index: number) {
  if (text !== '') found.push({ text, index })
}

/** How a word is indexed and looked up: compatibility-normalized (full-width forms fold) and lowercased. */
export const normalizeTerm = (word: string) => word.normalize('NFKC').toLowerCase()

/** The one tokenizer, for indexing and for queries. */
export function tokenize(text: string, locale: string): string[] {
  return words(text, locale).map((word) => normalizeTerm(word.text))
}

/** A text's words, and the joined forms indexed beside them. */
export interface IndexTerms {
  words: string[]
  joined: string[]
}

/**
 * The words of `tokenize`, plus what readers search for as one unit although
 * it splits into several words: an identifier with dots, whole (`jest.mock`,
 * `c.req.param`, `package.json`), and two neighbouring words of a script
 * written without spaces (经验 + 教训 → `经验 教训`), which is as close to a
 * phrase as an index without positions gets. Build and query both call this,
 * so a query's joined forms are looked up as the index wrote them.
 */
export function indexTerms(text: string, locale: string): IndexTerms {
  const found = words(text, locale)
  const joined: string[] = []
  let dotted: string[] = []
  found.forEach((word, position) => {
    const next = found[position + 1]
    const between = next ? text.slice(word.index + word.text.length, next.index) : null
    if (next && between === '' && isPairable(word.text) && isPairable(next.text)) joined.push(normalizeTerm(`${word.text} ${next.text}`))
    dotted.push(word.text)
    if (between === '.') return
    if (dotted.length > 1) joined.push(normalizeTerm(dotted.join('.')))
    dotted = []
  })
  return { words: found.map((word) => normalizeTerm(word.text)), joined }
}

/**
 * A word of an unspaced script that pairs with its neighbour: one of two
 * characters or more. A one-character word is most often a particle (的, の),
 * whose pairs would grow a Chinese index by half and match nothing anyone types.
 */
const isPairable = (word: string) => word.length > 1 && needsDictionary(word)

/**
 * Whether a vocabulary term is a joined form: it has a space (no word has)
 * or a dot beside something other than a digit (a word has dots only
 * between digits, `v2.1.0`), or it is a path. A word's prefixes and typos
 * skip joined forms, which would count the same words again.
 */
export const isJoined = (term: string): boolean => JOINED.test(term) || isPath(term)

const JOINED = /\s|\.\D|\D\./u

/**
 * The URL paths a text names (`/books/{bookId}`), each whole as one joined
 * form, lowercased, without a trailing slash: an API operation's keywords
 * give its path so, and a query naming a path looks it up, so that the
 * operation of that very path outranks those of longer paths with the same
 * words (`/books/{bookId}/reviews`). Page text is never read for them, so a
 * site without operations keeps its index as it was.
 */
export function pathTerms(text: string): string[] {
  const found: string[] = []
  for (const [path] of text.matchAll(PATH)) {
    const trimmed = path.replace(PATH_END, '')
    if (WORD_CHARACTER.test(trimmed)) found.push(normalizeTerm(trimmed))
  }
  return found
}

/** A slash after a space, a quote or an opening bracket (or at the start), and what follows up to a space, a quote or a bracket. */
const PATH = /(?<![^\s`'"([])\/[^\s`'"()[\]<>]*/gu
/** Sentence punctuation and a trailing slash, which are not part of the path. */
const PATH_END = /[.,;:!?/]+$/u
const WORD_CHARACTER = /[\p{L}\p{N}]/u

/** Whether a term is a path (pathTerms): no word starts with a slash. */
export const isPath = (term: string): boolean => term.startsWith('/')

/** A query's words and joined forms, with the paths it names: what scoring and the shards it reads look up. */
export function queryTerms(query: string, locale: string): IndexTerms {
  const { words, joined } = indexTerms(query, locale)
  return { words, joined: [...joined, ...pathTerms(query)] }
}
