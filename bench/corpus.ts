import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'

/**
 * A deterministic synthetic docs site: Zipf-distributed vocabulary, about
 * 6 KB per document with 3–12 headings, code, tables, lists and internal
 * links, a partial second locale, 5% drafts and release notes.
 */
export interface CorpusOptions {
  documents: number
  seed?: number
  /** Share of documents translated into the second locale. */
  translated?: number
  drafts?: number
  releases?: number
}

export interface Corpus {
  /** Path relative to the content root -> file text. */
  files: Map<string, string>
  /** Default-locale document paths that are published (not drafts). */
  published: string[]
  /** A word each of these documents has only in its body, for recall checks. */
  bodyOnlyWords: Array<{ slug: string; word: string }>
  /** The vocabulary, most frequent first, for building queries. */
  words: string[]
  sections: string[]
}

/** mulberry32: tiny, fast, good enough for a fixed-seed corpus. */
export function random(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'ti', 'vo', 'ze', 'pa', 'qui', 'dre', 'sto', 'lan', 'mer', 'bis', 'cor', 'fen', 'gal', 'hut', 'jor', 'ple', 'tra', 'wen']

/** A fixed vocabulary, and a Zipf (s = 1.07) sampler over it. */
function vocabulary(size: number, next: () => number) {
  const words = new Set<string>()
  while (words.size < size) {
    const length = 1 + Math.floor(next() * 3.2)
    let word = ''
    for (let i = 0; i < length; i++) word += SYLLABLES[Math.floor(next() * SYLLABLES.length)]
    if (word.length >= 2) words.add(word)
  }
  const list = [...words]
  const weights = list.map((_, rank) => 1 / (rank + 1) ** 1.07)
  const cumulative: number[] = []
  let total = 0
  for (const weight of weights) {
    total += weight
    cumulative.push(total)
  }
  const sample = () => {
    const target = next() * total
    let low = 0
    let high = cumulative.length - 1
    while (low < high) {
      const middle = (low + high) >> 1
      if ((cumulative[middle] as number) < target) low = middle + 1
      else high = middle
    }
    return list[low] as string
  }
  return { list, sample }
}

export function generateCorpus(options: CorpusOptions): Corpus {
  const next = random(options.seed ?? 42)
  const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)] as T
  const words = vocabulary(30_000, next)
  const sentence = (count: number) => {
    const parts = Array.from({ length: count }, words.sample)
    return `${parts.join(' ').replace(/^./, (c) => c.toUpperCase())}.`
  }
  const paragraph = () => Array.from({ length: 4 + Math.floor(next() * 4) }, () => sentence(8 + Math.floor(next() * 10))).join(' ')
  const sections = Array.from({ length: Math.max(4, Math.round(options.documents / 150)) }, (_, i) => `area${i}`)
  const docs = Array.from({ length: options.documents }, (_, i) => {
    const section = pick(sections)
    return { path: `${section}/${words.list[i % 5000]}-${i}.md`, slug: `${section}/${words.list[i % 5000]}-${i}`, draft: next() < (options.drafts ?? 0.05) }
  })
  const published = docs.filter((doc) => !doc.draft)
  const files = new Map<string, string>()
  const bodyOnlyWords: Corpus['bodyOnlyWords'] = []
  files.set('site.yml', `title: Bench\ndefaultLocale: en\nlocales:\n  en: English\n  de: Deutsch\nbaseUrl: /docs/\neditUrl: https://example.com/edit/{path}\n`)

  docs.forEach((doc, index) => {
    const rare = `zq${index.toString(36)}x`
    if (!doc.draft && index % 97 === 0) bodyOnlyWords.push({ slug: doc.slug, word: rare })
    const body: string[] = [paragraph()]
    const headings = 3 + Math.floor(next() * 10)
    for (let h = 0; h < headings; h++) {
      body.push(`${h % 3 === 2 ? '###' : '##'} ${sentence(2 + Math.floor(next() * 3)).slice(0, -1)}`)
      body.push(paragraph())
      const extra = next()
      if (extra < 0.25) body.push(`\`\`\`ts\nconst ${words.sample()} = ${JSON.stringify(words.sample())}\nawait ${words.sample()}(${words.sample()})\n\`\`\``)
      else if (extra < 0.4) body.push(`| ${words.sample()} | ${words.sample()} |\n|---|---|\n| ${words.sample()} | ${words.sample()} |\n| ${words.sample()} | ${words.sample()} |`)
      else if (extra < 0.6) body.push(Array.from({ length: 4 }, () => `- ${sentence(5)}`).join('\n'))
      if (next() < 0.3) {
        const target = pick(published)
        const fromDir = dirname(doc.path).split('/')
        const up = fromDir.map(() => '..').join('/')
        body.push(`See [${words.sample()}](${up}/${target.path}).`)
      }
    }
    if (index % 97 === 0) body.push(`The ${rare} appears only here.`)
    const front = `---\ntitle: ${sentence(3).slice(0, -1)}\norder: ${index % 20}\n${doc.draft ? 'draft: true\n' : ''}---\n\n`
    files.set(`docs/en/${doc.path}`, `${front}${body.join('\n\n')}\n`)
    if (next() < (options.translated ?? 0.3)) files.set(`docs/de/${doc.path}`, `${front}${body.slice(0, 3).join('\n\n')}\n`)
  })

  const releaseCount = options.releases ?? 200
  for (let i = 0; i < releaseCount; i++) {
    const stream = i % 2 === 0 ? 'stable' : 'lts'
    const version = `${1 + Math.floor(i / 40)}.${Math.floor(i / 4) % 10}.${i % 4}`
    const day = new Date(Date.UTC(2024, 0, 1) + i * 86_400_000).toISOString().slice(0, 10)
    files.set(`releases/${stream}/${version}.md`, `---\nversion: "${version}"\ndate: "${day}"\nrelated:\n  - ${pick(published).slug}\n---\n\n${paragraph()}\n`)
  }
  return { files, published: published.map((doc) => doc.path), bodyOnlyWords, words: words.list, sections }
}

export async function writeCorpus(corpus: Corpus, root: string): Promise<void> {
  for (const [path, text] of corpus.files) {
    await mkdir(dirname(join(root, path)), { recursive: true })
    await writeFile(join(root, path), text)
  }
}

/** A published document of the corpus: its file under the content folder, its slug, and the locale asked for (null: the default). */
export interface SampledDocument {
  file: string
  slug: string
  locale: string | null
}

/**
 * `count` different published documents spread over the corpus, in the
 * default locale, the last one a translation when the corpus has one.
 */
export function sampleDocuments(corpus: Corpus, count: number, defaultLocale = 'en'): SampledDocument[] {
  const step = Math.max(1, Math.floor(corpus.published.length / count))
  const picks = Array.from({ length: Math.min(count, corpus.published.length) }, (_, i) => corpus.published[(i * step + (step >> 1)) % corpus.published.length] as string)
  const sampled = picks.map((path): SampledDocument => ({ file: `docs/${defaultLocale}/${path}`, slug: path.slice(0, -'.md'.length), locale: null }))
  const published = new Set(corpus.published)
  const translation = [...corpus.files.keys()].find((file) => {
    const [top, locale, ...rest] = file.split('/')
    const path = rest.join('/')
    return top === 'docs' && locale !== defaultLocale && published.has(path) && !picks.includes(path)
  })
  if (translation && sampled.length > 1) {
    const [, locale, ...rest] = translation.split('/')
    sampled[sampled.length - 1] = { file: translation, slug: rest.join('/').slice(0, -'.md'.length), locale: locale ?? null }
  }
  return sampled
}

/** `/v1/documents/<slug>` (`.md` for Markdown), with `?locale=` for a translation. */
export function documentPath(document: SampledDocument, markdown = false): string {
  return `/v1/documents/${document.slug}${markdown ? '.md' : ''}${document.locale ? `?locale=${document.locale}` : ''}`
}
