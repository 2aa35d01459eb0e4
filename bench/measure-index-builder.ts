import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { contentHash } from '../build/pipeline/blob-set.ts'
import { cachedSectionsTerms, createIndexBuilder, createTokenCache, encodeSearchIndex, indexDocuments, type IndexedDocument } from '../search/engine.ts'
import { indexedCorpus } from './indexed-corpus.ts'
import { median } from './stats.ts'

/**
 * The search index builder at scale: one-shot index + encode per locale,
 * the builder's first update, an update after one document's text changed
 * and after a heading was added (medians of 5), a page added and one moved,
 * the heap a builder holds, and what sharing a token cache saves a cold
 * build of every locale. Run with --expose-gc:
 *   node --expose-gc bench/measure-index-builder.ts [--documents 10000] [--cache FILE]
 * The first run renders the corpus (minutes at 10k) and keeps it in FILE;
 * delete the file after changing bench/corpus.ts or the renderer.
 */
const { values } = parseArgs({ options: { documents: { type: 'string', default: '10000' }, cache: { type: 'string' } } })
const count = Number(values.documents)
const corpus = await indexedCorpus(count, 42, values.cache ?? join(tmpdir(), `docs-service-indexed-${count}.json`))
const gc = (globalThis as { gc?: () => void }).gc
if (!gc) throw new Error('run with node --expose-gc')
const settings = { synonyms: [['k8s', 'kubernetes']] }
const time = <T>(run: () => T): [T, number] => {
  const started = performance.now()
  const value = run()
  return [value, performance.now() - started]
}
const memory = () => {
  // Twice: weak maps (the token cache) let go of their entries in a second pass.
  gc()
  gc()
  const usage = process.memoryUsage()
  return usage.heapUsed + usage.arrayBuffers
}
const ms = (value: number) => `${value.toFixed(0)} ms`
const mib = (value: number) => `${(value / 1024 / 1024).toFixed(1)} MiB`

/** The list with one document's text edited, as a re-render gives it: a new sections array. */
function edited(documents: IndexedDocument[], at: number, change: 'text' | 'heading', round: number): IndexedDocument[] {
  const document = documents[at] as IndexedDocument
  const sections = [...document.sections]
  if (change === 'heading') sections.splice(1, 0, { heading: { id: `added-${round}`, text: `Added heading ${round}` }, text: `zqadded${round} words under it` })
  else sections[sections.length - 1] = { ...(sections[sections.length - 1] ?? { heading: null, text: '' }), text: `${sections.at(-1)?.text ?? ''} zqedit${round}` }
  return documents.map((other, position) => (position === at ? { ...document, sections } : other))
}

/** Wall and CPU time of `run` (CPU counts every thread of the process, the collector's too). */
function timed(run: () => unknown): { wall: number; cpu: number } {
  const cpu = process.cpuUsage()
  const started = performance.now()
  run()
  const used = process.cpuUsage(cpu)
  return { wall: performance.now() - started, cpu: (used.user + used.system) / 1000 }
}
const medians = (runs: Array<{ wall: number; cpu: number }>) =>
  `median ${ms(median(runs.map((run) => run.wall)))} wall, ${ms(median(runs.map((run) => run.cpu)))} CPU [${runs.map((run) => ms(run.wall)).join(', ')}]`

for (const locale of corpus.locales) {
  const original = corpus.byLocale.get(locale) as IndexedDocument[]
  const [data, indexMs] = time(() => indexDocuments(locale, original, settings))
  const [, encodeMs] = time(() => encodeSearchIndex(data, contentHash))
  const [, keyMs] = time(() => original.reduce((total, document) => total + JSON.stringify(document).length, 0))

  const before = memory()
  const tokens = createTokenCache()
  const [, tokensMs] = time(() =>
    original.forEach((document) => {
      cachedSectionsTerms(tokens, document.sections, locale)
    }),
  )
  const tokensHeld = memory() - before
  const builder = createIndexBuilder(locale, settings, { hashOf: contentHash, tokens })
  const [, firstMs] = time(() => builder.update(original))
  const held = memory() - before

  let documents = original
  const rounds = (change: 'text' | 'heading', offset: number) =>
    Array.from({ length: 5 }, (_, round) => {
      documents = edited(documents, Math.floor(((round + offset) * documents.length) / 11) + 1, change, round + offset)
      return timed(() => builder.update(documents))
    })
  const text = rounds('text', 0)
  const heading = rounds('heading', 5)
  // A page added in the middle moves half the display chunks; one moved across the site is a removal and an insertion.
  const addedPage = timed(() => {
    documents = [...documents.slice(0, documents.length / 2), { ...(documents[0] as IndexedDocument), slug: 'zq-new' }, ...documents.slice(documents.length / 2)]
    return builder.update(documents)
  })
  const movedPage = timed(() => {
    documents = [...documents.slice(1), documents[0] as IndexedDocument]
    return builder.update(documents)
  })
  const last = builder.update(documents)
  const expected = encodeSearchIndex(indexDocuments(locale, documents, settings), contentHash)
  const same =
    last.index === expected.index &&
    last.parts.every((part, position) => part === expected.parts[position]) &&
    last.displayChunks.every((chunk, position) => chunk === expected.displayChunks[position])
  console.log(
    [
      `${locale}: ${original.length} documents, index ${mib(expected.index.length + expected.parts.reduce((total, part) => total + part.length, 0))} (head and shards), display chunks ${mib(expected.displayChunks.reduce((total, chunk) => total + chunk.length, 0))}`,
      `  one-shot: index ${ms(indexMs)} + encode ${ms(encodeMs)}; a memo key (JSON of every document) ${ms(keyMs)}`,
      `  builder, first update: ${ms(tokensMs + firstMs)} (tokenizing ${ms(tokensMs)})`,
      `  one text edit: ${medians(text)}`,
      `  one heading added: ${medians(heading)}`,
      `  a page added in the middle: ${ms(addedPage.wall)} wall, ${ms(addedPage.cpu)} CPU; the first page moved to the end: ${ms(movedPage.wall)} wall, ${ms(movedPage.cpu)} CPU`,
      `  heap held: ${mib(held)} (its token cache ${mib(tokensHeld)}, display chunks ${mib(expected.displayChunks.reduce((total, chunk) => total + chunk.length, 0))} of it)`,
      `  output after the edits equals the one-shot: ${same}`,
    ].join('\n'),
  )
}

// A cold build of every locale, with a token cache per builder and with one shared.
const cold = (shared: boolean) => {
  const tokens = createTokenCache()
  return corpus.locales.map(
    (locale) =>
      time(() => createIndexBuilder(locale, settings, { hashOf: contentHash, ...(shared ? { tokens } : {}) }).update(corpus.byLocale.get(locale) as IndexedDocument[]))[1],
  )
}
const separate = cold(false)
const together = cold(true)
console.log(`cold build of ${corpus.locales.join(' + ')}: ${separate.map(ms).join(' + ')} with a token cache each, ${together.map(ms).join(' + ')} sharing one`)
