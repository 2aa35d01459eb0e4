import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type MiniSearch from 'minisearch'
import { buildSite } from '../build/build.ts'
import { readDist } from '../publish/read-dist.ts'
import { DisplayChunkSchema, SearchIndexBlobSchema, type DisplayChunk, type DocumentBlob, type Manifest } from '../contract/index.ts'
import { jsonValueReader, SEARCH_OPTIONS, SearchEngine, tokenize, withinOneEdit, type SearchOptions } from '../search/engine.ts'
import { buildBaseline } from './baseline.ts'
import { generateCorpus, writeCorpus } from './corpus.ts'
import { CONTENT_QUERIES, corpusQueries, RELEVANCE_KINDS, type RelevanceQuery } from './relevance-queries.ts'
import type { RelevanceFigures, RelevanceRow, Score } from './relevance-figures.ts'
import { relevanceTable } from './report.ts'
import { defaultDocsOf, routesOf } from './routes.ts'

/**
 * Relevance as a figure: every labeled query (bench/relevance-queries.ts) runs
 * through our engine and through the VitePress-style MiniSearch baseline, over
 * this repository's content/ and over the bench corpus, in one process.
 * `node bench/relevance.ts` prints the table; `--misses` lists the queries
 * whose page is not first (`--queries` lists all); `node bench/relevance-sweep.ts`
 * scores each weight of search/options.ts scaled around its value. RELEVANCE_SEED and
 * RELEVANCE_DOCUMENTS pick another corpus, to check a tuning on held-out queries.
 */
export const RELEVANCE_CORPUS_DOCUMENTS = 1000
const LIMIT = 10

/** A query with the rank (1-based, null beyond 10) of its page for each engine. */
export interface RankedQuery extends RelevanceQuery {
  set: 'content' | 'corpus'
  /** Why the query does not fit its kind, checked on the built page; null when it does. */
  problem: string | null
  ours: number | null
  baseline: number | null
  oursTop: string[]
}

/** One built site, loaded as the worker loads it, with its baseline beside it. */
interface LoadedSite {
  manifest: Manifest
  indexes: Map<string, SearchEngine>
  chunks: Map<string, DisplayChunk[]>
  baselines: Map<string, MiniSearch>
  /** Per locale: slug a result carries -> document id. */
  docIds: Map<string, Map<string, string>>
  /** Per locale: document id -> its words by field, to check each label against its page. */
  words: Map<string, Map<string, PageWords>>
}

interface PageWords {
  title: Set<string>
  headings: Set<string>
  body: Set<string>
}

function pageWords(blob: DocumentBlob, locale: string): PageWords {
  const headings = blob.toc.flatMap(function flat(entry): string[] {
    return [entry.text, ...entry.children.flatMap(flat)]
  })
  // Body text as the index sees it: the HTML without its tags and without the heading elements.
  const body = blob.html
    .replace(/<h[1-6][^>]*>[\s\S]*?<\/h[1-6]>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&(amp|lt|gt|quot);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"' })[name] ?? ' ')
  return { title: new Set(tokenize(blob.title, locale)), headings: new Set(headings.flatMap((text) => tokenize(text, locale))), body: new Set(tokenize(body, locale)) }
}

/** Why a query does not fit its kind on its page (the rules of bench/relevance-queries.ts), or null. */
function labelProblem(query: RelevanceQuery, page: PageWords | undefined): string | null {
  if (!page) return 'expected page is not in the index'
  const terms = tokenize(query.query, query.locale)
  const all = new Set([...page.title, ...page.headings, ...page.body])
  const fields = new Set([...page.title, ...page.headings])
  switch (query.kind) {
    case 'title':
      return terms.every((term) => page.title.has(term)) ? null : 'a word is not in the title'
    case 'prefix': {
      const last = terms[terms.length - 1] ?? ''
      return [...all].some((word) => word.length > last.length && word.startsWith(last)) ? null : 'the last word begins no word of the page'
    }
    case 'typo':
      return terms.some((term) => !all.has(term) && [...all].some((word) => word.length >= 5 && withinOneEdit(term, word)))
        ? null
        : 'no word is one typo away from a word of 5+ letters of the page'
    case 'body':
      if (!terms.every((term) => page.body.has(term))) return 'a word is not in the body'
      return terms.some((term) => fields.has(term)) ? 'a word is also in the title or a heading' : null
    case 'words': {
      const count = query.query.trim().split(/\s+/).length
      if (count < 2 || count > 4) return 'not 2–4 words'
      return terms.some((term) => all.has(term)) ? null : 'no word is on the page'
    }
    case 'cjk':
      return terms.every((term) => all.has(term)) ? null : 'a word is not on the page'
  }
}

async function loadSite(outDir: string, locales: string[]): Promise<LoadedSite> {
  const { manifest, readBlob } = await readDist(outDir)
  const site: LoadedSite = { manifest, indexes: new Map(), chunks: new Map(), baselines: new Map(), docIds: new Map(), words: new Map() }
  const routes = await routesOf(manifest, readBlob)
  for (const locale of locales) {
    // As the worker's store does it: parse, check the schema, decode.
    const head = SearchIndexBlobSchema.parse(JSON.parse(await readBlob((await defaultDocsOf(manifest, readBlob)).search[locale] as string)))
    const index = await SearchEngine.load(head, jsonValueReader(readBlob))
    site.indexes.set(locale, index)
    site.chunks.set(locale, await Promise.all((await index.allDisplayChunkHashes()).map(async (hash) => DisplayChunkSchema.parse(JSON.parse(await readBlob(hash))))))
    site.baselines.set(locale, await buildBaseline(manifest, readBlob, locale))
    const ids = new Map<string, string>()
    const words = new Map<string, PageWords>()
    for (const [docId, entry] of Object.entries(routes.documents[locale] ?? {})) {
      if (entry.draft) continue
      const blob = JSON.parse(await readBlob(entry.blob)) as DocumentBlob
      ids.set(blob.slug, docId)
      words.set(docId, pageWords(blob, entry.locale))
    }
    site.docIds.set(locale, ids)
    site.words.set(locale, words)
  }
  return site
}

async function buildInto(contentDir: string, workDir: string, name: string): Promise<string> {
  const outDir = join(workDir, name)
  await buildSite({ contentDir, outDir, cacheDir: null })
  return outDir
}

/** Ranks of every query's page, ours with `options`, beside the baseline's. */
async function rankAll(site: LoadedSite, queries: RelevanceQuery[], set: RankedQuery['set'], options: SearchOptions): Promise<RankedQuery[]> {
  const ranked: RankedQuery[] = []
  for (const query of queries) {
    const index = site.indexes.get(query.locale) as SearchEngine
    const chunks = site.chunks.get(query.locale) as DisplayChunk[]
    const ids = site.docIds.get(query.locale) as Map<string, string>
    const { results } = await index.search(
      site.manifest.site,
      { query: query.query, limit: LIMIT, sectionBoost: [], canReadDrafts: false },
      async (chunk) => chunks[chunk] as DisplayChunk,
      options,
    )
    const ours = results.map((hit) => ids.get(hit.slug) ?? hit.slug)
    const theirs = (site.baselines.get(query.locale) as MiniSearch)
      .search(query.query)
      .slice(0, LIMIT)
      .map((hit) => String(hit.id))
    const rank = (list: string[]) => (list.includes(query.expected) ? list.indexOf(query.expected) + 1 : null)
    const problem = labelProblem(query, site.words.get(query.locale)?.get(query.expected))
    ranked.push({ ...query, set, problem, ours: rank(ours), baseline: rank(theirs), oursTop: ours.slice(0, 3) })
  }
  return ranked
}

function score(ranks: Array<number | null>): Score {
  if (ranks.length === 0) return { mrr: Number.NaN, hit1: Number.NaN }
  return {
    mrr: ranks.reduce((total: number, rank) => total + (rank === null ? 0 : 1 / rank), 0) / ranks.length,
    hit1: ranks.filter((rank) => rank === 1).length / ranks.length,
  }
}

export function summarize(ranked: RankedQuery[]): Record<string, RelevanceRow> {
  const groups: Array<[string, RankedQuery[]]> = [
    ...RELEVANCE_KINDS.map((kind): [string, RankedQuery[]] => [kind, ranked.filter((query) => query.kind === kind)]),
    ['content', ranked.filter((query) => query.set === 'content')],
    ['corpus', ranked.filter((query) => query.set === 'corpus')],
    ['all', ranked],
  ]
  return Object.fromEntries(
    groups.map(([name, queries]) => [name, { count: queries.length, ours: score(queries.map((q) => q.ours)), baseline: score(queries.map((q) => q.baseline)) }]),
  )
}

/** Builds this repository's content/ and the bench corpus, and keeps them loaded for as many rankings as asked. */
export async function prepareRelevance({ contentDir = 'content', corpusDocuments = RELEVANCE_CORPUS_DOCUMENTS, seed = 42 } = {}) {
  const workDir = await mkdtemp(join(tmpdir(), 'docs-relevance-'))
  try {
    // Seed 42 is the bench's corpus; another seed is a held-out set to check a tuning against.
    const corpus = generateCorpus({ documents: corpusDocuments, seed })
    await writeCorpus(corpus, join(workDir, 'corpus'))
    const [contentSite, corpusSite] = [
      await loadSite(await buildInto(resolve(contentDir), workDir, 'content-dist'), [...new Set(CONTENT_QUERIES.map((query) => query.locale))]),
      await loadSite(await buildInto(join(workDir, 'corpus'), workDir, 'corpus-dist'), ['en']),
    ]
    const fromCorpus = corpusQueries(corpus)
    return {
      queries: { content: CONTENT_QUERIES, corpus: fromCorpus },
      rank: async (options: SearchOptions = SEARCH_OPTIONS): Promise<RankedQuery[]> => [
        ...(await rankAll(contentSite, CONTENT_QUERIES, 'content', options)),
        ...(await rankAll(corpusSite, fromCorpus, 'corpus', options)),
      ],
    }
  } finally {
    await rm(workDir, { recursive: true, force: true })
  }
}

/** What `npm run bench` calls: the figures with the weights of search/options.ts. */
export async function measureRelevance(contentDir = 'content'): Promise<RelevanceFigures> {
  const prepared = await prepareRelevance({ contentDir })
  const ranked = await prepared.rank()
  warnProblems(ranked)
  return { corpusDocuments: RELEVANCE_CORPUS_DOCUMENTS, rows: summarize(ranked) }
}

/** A label that breaks its kind's rule is a mistake in the query set, not a ranking figure: say so. */
export function warnProblems(ranked: RankedQuery[]) {
  for (const query of ranked) if (query.problem) console.error(`relevance: ${query.set} ${query.kind} query "${query.query}" -> ${query.expected}: ${query.problem}`)
}

if (import.meta.main) {
  const seed = Number(process.env.RELEVANCE_SEED ?? 42)
  const corpusDocuments = Number(process.env.RELEVANCE_DOCUMENTS ?? RELEVANCE_CORPUS_DOCUMENTS)
  const prepared = await prepareRelevance({ corpusDocuments, seed })
  const ranked = await prepared.rank()
  warnProblems(ranked)
  console.log(relevanceTable({ corpusDocuments, rows: summarize(ranked) }))
  if (process.argv.includes('--misses') || process.argv.includes('--queries')) {
    const all = process.argv.includes('--queries')
    console.log('\n| set | kind | query | expected | ours | baseline | our top 3 |\n| --- | --- | --- | --- | ---: | ---: | --- |')
    for (const q of ranked) {
      if (!all && q.ours === 1) continue
      console.log(`| ${q.set} | ${q.kind} | ${q.query} | ${q.expected} | ${q.ours ?? '–'} | ${q.baseline ?? '–'} | ${q.oursTop.join(', ')} |`)
    }
  }
}
