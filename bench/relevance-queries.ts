import type { Corpus } from './corpus.ts'

/**
 * The labeled query set of `npm run bench`: each query names the page a
 * reader means. Kinds:
 * - title: words of a page title;
 * - prefix: an incomplete word, as typed in a search-as-you-type box;
 * - typo: a one-letter typo (substitution, deletion, insertion or swap) in a word of 5+ letters;
 * - body: words that occur only in the page's body text, not in its title or headings;
 * - words: 2–4 words naming the page's topic, as a question would;
 * - cjk: Chinese words inside running text of content/docs/zh.
 * Content queries are written by hand over this repository's content/; corpus
 * queries are derived from the bench corpus (fixed seed), so they never drift.
 */
export const RELEVANCE_KINDS = ['title', 'prefix', 'typo', 'body', 'words', 'cjk'] as const
export type RelevanceKind = (typeof RELEVANCE_KINDS)[number]

export interface RelevanceQuery {
  kind: RelevanceKind
  query: string
  locale: string
  /** Document id (default-locale slug) of the page the reader means. */
  expected: string
}

const en = (kind: RelevanceKind, query: string, expected: string): RelevanceQuery => ({ kind, query, locale: 'en', expected })
const zh = (query: string, expected: string): RelevanceQuery => ({ kind: 'cjk', query, locale: 'zh', expected })

/** Questions a reader of this product's docs asks (content/, en and zh). */
export const CONTENT_QUERIES: RelevanceQuery[] = [
  en('title', 'publishing', 'guides/publishing'),
  en('title', 'troubleshooting', 'guides/troubleshooting'),
  en('title', 'configuration', 'guides/configuration'),
  en('title', 'drafts previews', 'guides/drafts-and-previews'),
  en('title', 'moving pages', 'guides/moving-pages'),
  en('title', 'content conventions', 'guides/content-conventions'),
  en('title', 'releases', 'api/releases'),
  en('title', 'navigation', 'api/navigation'),
  en('title', 'installing', 'start/installing'),
  en('title', 'documents for AI tools', 'api/ai-tools'),
  en('title', 'getting started', 'start'),
  en('title', 'API reference', 'api'),
  en('title', 'status', 'api/status'),

  en('prefix', 'rollb', 'guides/publishing'),
  en('prefix', 'troubles', 'guides/troubleshooting'),
  en('prefix', 'navig', 'api/navigation'),
  en('prefix', 'redir', 'guides/moving-pages'),
  en('prefix', 'migra', 'guides/migrating-to-v2'),
  en('prefix', 'configur', 'guides/configuration'),
  en('prefix', 'publi', 'guides/publishing'),
  en('prefix', 'draf', 'guides/drafts-and-previews'),
  en('prefix', 'relea', 'api/releases'),
  en('prefix', 'instal', 'start/installing'),
  en('prefix', 'conven', 'guides/content-conventions'),
  en('prefix', 'llms-fu', 'api/ai-tools'),
  en('prefix', 'tro', 'guides/troubleshooting'),
  en('prefix', 'migr', 'guides/migrating-to-v2'),
  en('prefix', 'navi', 'api/navigation'),
  en('prefix', 'conf', 'guides/configuration'),
  en('prefix', 'semv', 'api/releases'),
  en('prefix', 'roll ba', 'guides/publishing'),
  en('prefix', 'preview tok', 'guides/drafts-and-previews'),
  en('prefix', 'moving pa', 'guides/moving-pages'),

  en('typo', 'rollbak', 'guides/publishing'),
  en('typo', 'pubishing', 'guides/publishing'),
  en('typo', 'troubleshoting', 'guides/troubleshooting'),
  en('typo', 'navigaton', 'api/navigation'),
  en('typo', 'configuraton', 'guides/configuration'),
  en('typo', 'redirets', 'guides/moving-pages'),
  en('typo', 'migratng', 'guides/migrating-to-v2'),
  en('typo', 'relaeses', 'api/releases'),
  en('typo', 'instaling', 'start/installing'),
  en('typo', 'previwes', 'guides/drafts-and-previews'),
  en('typo', 'conventons', 'guides/content-conventions'),

  en('body', 'CLOUDFLARE_API_TOKEN', 'guides/publishing'),
  en('body', 'sidebar_position', 'guides/content-conventions'),
  en('body', 'fr-CA', 'api/documents'),
  en('body', 'bookmarks', 'guides/moving-pages'),
  en('body', 'unquoted colon', 'guides/troubleshooting'),
  en('body', 'chunked transfer', 'api/ai-tools'),
  en('body', 'bearer credential', 'guides/drafts-and-previews'),
  en('body', 'stack trace', 'api'),
  en('body', 'schemaVersion', 'api/status'),
  en('body', 'uptime monitor', 'api/status'),

  en('words', 'how to publish', 'guides/publishing'),
  en('words', 'token expired 401', 'guides/troubleshooting'),
  en('words', 'roll back a build', 'guides/publishing'),
  en('words', 'mint preview token', 'guides/drafts-and-previews'),
  en('words', 'keep old links working', 'guides/moving-pages'),
  en('words', 'filter releases by version', 'api/releases'),
  en('words', 'change the port', 'start/installing'),
  en('words', 'upgrade from 1.x', 'guides/migrating-to-v2'),
  en('words', 'markdown for AI agents', 'api/ai-tools'),
  en('words', 'conditional requests etag', 'api/documents'),
  en('words', 'which build is live', 'api/status'),
  en('words', 'build fails broken link', 'guides/troubleshooting'),
  en('words', 'delete a page', 'guides/moving-pages'),
  en('words', 'set the jwt secret', 'guides/configuration'),
  en('words', 'list builds', 'guides/publishing'),
  en('words', 'translate pages', 'guides/content-conventions'),
  en('words', 'front matter fields', 'guides/content-conventions'),
  en('words', 'search ranking', 'api/search'),
  en('words', 'llms.txt format', 'api/ai-tools'),
  en('words', 'redirect old slug', 'guides/moving-pages'),
  en('words', 'publish from CI', 'guides/publishing'),
  en('words', 'nothing published 503', 'guides/troubleshooting'),

  zh('回滚', 'guides/publishing'),
  zh('令牌过期', 'guides/troubleshooting'),
  zh('拼写错误', 'api/search'),
  zh('数据块丢失', 'guides/troubleshooting'),
  zh('仓库密钥', 'guides/publishing'),
  zh('端口被占用', 'guides/troubleshooting'),
  zh('环境变量', 'start/installing'),
  zh('第二个终端', 'start'),
  zh('机器可读', 'index'),
  zh('切分词语', 'api/search'),
  zh('系统版本', 'start/installing'),
  zh('五个构建', 'guides/publishing'),
  zh('KV 命名空间', 'guides/publishing'),
  zh('前缀匹配', 'api/search'),
  zh('工作流', 'guides/publishing'),
  zh('草稿 404', 'guides/troubleshooting'),
  zh('选择端口', 'start/installing'),
  zh('请求体大小', 'api/search'),
]

/** A page of the corpus, as a reader sees it: title, headings and body words. */
interface CorpusPage {
  slug: string
  title: string[]
  headings: string[][]
  /** Words of the body (not title, not headings). */
  body: Set<string>
}

const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []

function corpusPages(corpus: Corpus): CorpusPage[] {
  const published = new Set(corpus.published)
  const pages: CorpusPage[] = []
  for (const [path, text] of corpus.files) {
    const relative = path.replace(/^docs\/en\//, '')
    if (relative === path || !published.has(relative)) continue
    const [, front = '', markdown = ''] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text) ?? []
    const title = wordsOf(/^title: (.*)$/m.exec(front)?.[1] ?? '')
    const headings: string[][] = []
    const body = new Set<string>()
    // Link targets and code fence languages are not text a reader sees.
    for (const line of markdown
      .replace(/\]\([^)]*\)/g, ']')
      .replace(/^```\w*$/gm, '')
      .split('\n')) {
      if (/^#{1,6} /.test(line)) headings.push(wordsOf(line.replace(/^#+ /, '')))
      else for (const word of wordsOf(line)) body.add(word)
    }
    pages.push({ slug: relative.replace(/\.md$/, ''), title, headings, body })
  }
  return pages
}

/** One deterministic typo of a word of 5+ letters: substitution, deletion, insertion or swap, by `variant`. */
function typoOf(word: string, variant: number): string {
  const at = Math.floor(word.length / 2)
  const other = (char: string) => (char === 'x' ? 'y' : 'x')
  switch (variant % 4) {
    case 0:
      return word.slice(0, at) + other(word[at] as string) + word.slice(at + 1)
    case 1:
      return word.slice(0, at) + word.slice(at + 1)
    case 2:
      return word.slice(0, at) + other(word[at] as string) + word.slice(at)
    default:
      return word[at] === word[at + 1] ? word.slice(0, at) + other(word[at] as string) + word.slice(at + 1) : word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2)
  }
}

/**
 * Queries over the bench corpus, with the page each one means derived from the
 * corpus itself: `perKind` pages per kind, spread over the published pages at
 * a fixed stride, each kind starting at its own offset so kinds use different pages.
 */
export function corpusQueries(corpus: Corpus, perKind = 10): RelevanceQuery[] {
  const pages = corpusPages(corpus)
  const vocabulary = new Set(corpus.words)
  // In how many pages a word appears anywhere, and in how many titles.
  const pageCount = new Map<string, number>()
  const titleCount = new Map<string, number>()
  for (const page of pages) {
    for (const word of new Set([...page.title, ...page.headings.flat(), ...page.body])) pageCount.set(word, (pageCount.get(word) ?? 0) + 1)
    for (const word of new Set(page.title)) titleCount.set(word, (titleCount.get(word) ?? 0) + 1)
  }
  const rarity = (word: string) => pageCount.get(word) ?? 0
  /** The title word no other title has, seen on the fewest pages: what a reader remembers of the title. */
  const distinctiveTitleWord = (page: CorpusPage, minLength: number) =>
    page.title.filter((word) => word.length >= minLength && titleCount.get(word) === 1 && rarity(word) <= 20).sort((a, b) => rarity(a) - rarity(b) || (a < b ? -1 : 1))[0]
  const hasAll = (words: string[], text: Set<string>) => words.every((word) => text.has(word))

  const pick = (kind: RelevanceKind, offset: number, make: (page: CorpusPage, n: number) => string | undefined): RelevanceQuery[] => {
    const found: RelevanceQuery[] = []
    const stride = Math.floor(pages.length / perKind)
    for (let n = 0; n < perKind; n++) {
      for (let step = 0; step < stride; step++) {
        const page = pages[(n * stride + offset + step) % pages.length] as CorpusPage
        const query = make(page, n)
        if (query === undefined) continue
        found.push({ kind, query, locale: 'en', expected: page.slug })
        break
      }
    }
    return found
  }

  const titleKey = (words: string[]) => [...new Set(words)].sort().join(' ')
  const titles = new Map<string, number>()
  for (const page of pages) titles.set(titleKey(page.title), (titles.get(titleKey(page.title)) ?? 0) + 1)
  const planted = new Map(corpus.bodyOnlyWords.map(({ slug, word }) => [slug, word]))

  return [
    // The whole title, lowercased, when no other page has the same title words.
    ...pick('title', 0, (page) => (titles.get(titleKey(page.title)) === 1 ? page.title.join(' ') : undefined)),
    // The distinctive title word, cut to 60% of its letters (at least 4), when
    // no other title has a word that starts so: the reader can only mean this page.
    // Every other one: the title as typed in a search box, its last word cut to 3 letters.
    ...pick('prefix', 3, (page, n) => {
      if (n % 2 === 1) {
        const last = page.title[page.title.length - 1] ?? ''
        return titles.get(titleKey(page.title)) === 1 && page.title.length > 1 && last.length >= 5 ? [...page.title.slice(0, -1), last.slice(0, 3)].join(' ') : undefined
      }
      const word = distinctiveTitleWord(page, 6)
      const cut = word ? word.slice(0, Math.max(4, Math.ceil(word.length * 0.6))) : undefined
      if (!cut || !word || cut.length >= word.length) return undefined
      return pages.some((other) => other !== page && other.title.some((title) => title.startsWith(cut))) ? undefined : cut
    }),
    // The distinctive title word with one typo that is not itself a word of the corpus.
    ...pick('typo', 6, (page, n) => {
      const word = distinctiveTitleWord(page, 6)
      const typo = word ? typoOf(word, n) : undefined
      return typo && !vocabulary.has(typo) && ![...vocabulary].some((other) => other.startsWith(typo)) ? typo : undefined
    }),
    // The rare word the corpus plants at the end of some pages, else the two
    // rarest body words that no other page has together.
    ...pick('body', 9, (page, n) => {
      if (n % 2 === 0) return planted.get(page.slug)
      const inFields = new Set([...page.title, ...page.headings.flat()])
      const rare = [...page.body].filter((word) => !inFields.has(word) && vocabulary.has(word) && word.length >= 4).sort((a, b) => rarity(a) - rarity(b) || (a < b ? -1 : 1))
      const pair = rare.slice(0, 2)
      return pair.length === 2 && pages.filter((other) => hasAll(pair, other.body)).length === 1 ? pair.join(' ') : undefined
    }),
    // A heading of 2–4 words that no other page has in one heading: the topic of a section.
    ...pick('words', 12, (page) => {
      const heading = page.headings.find((words) => {
        if (words.length < 2 || words.length > 4) return false
        return pages.filter((other) => other.headings.some((h) => words.every((word) => h.includes(word)))).length === 1
      })
      return heading?.join(' ')
    }),
  ]
}
