import { existsSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { toSourceDocuments } from '../build/content/documents.ts'
import { linkTable } from '../build/pipeline/link-table.ts'
import { parseDocumentFile, type SourceFile } from '../build/content/front-matter.ts'
import { parseSiteConfig } from '../build/content/site-config.ts'
import type { RenderedSource } from '../build/pipeline/assemble.ts'
import { titleOf } from '../build/pipeline/assemble.ts'
import { audienceChoices, indexedPages } from '../build/pipeline/locale-view.ts'
import { renderContent, renderInProcess } from '../build/pipeline/render-all.ts'
import type { IndexedDocument, IndexedSection } from '../search/engine.ts'
import { generateCorpus } from './corpus.ts'

/** What each locale's search index holds, as the build gives it. */
export interface IndexedCorpus {
  locales: string[]
  byLocale: Map<string, IndexedDocument[]>
}

/**
 * The IndexedDocument lists of a synthetic site, through the real front
 * matter parser, renderer and locale views. Rendering 10k pages takes
 * minutes on one core, so the lists are kept in `cacheFile` (when given).
 * As in the build, a fallback in the second locale shares its `sections`
 * array with the default-locale document.
 */
export async function indexedCorpus(documents: number, seed: number, cacheFile?: string): Promise<IndexedCorpus> {
  if (cacheFile && existsSync(cacheFile)) return fromStored(JSON.parse(await readFile(cacheFile, 'utf8')) as Stored)
  const corpus = generateCorpus({ documents, seed })
  const site = parseSiteConfig(corpus.files.get('site.yml') ?? '')
  if (!site.ok) throw new Error('the generated site.yml does not parse')
  const files: SourceFile[] = [...corpus.files].filter(([path]) => path.startsWith('docs/')).map(([path, text]) => ({ path, text, mtimeMs: 0 }))
  const { documents: sources } = toSourceDocuments(
    files.map((file) => parseDocumentFile(file).value),
    site.site,
  )
  const rendered = await renderContent(sources, [], linkTable(sources, site.site).targets, renderInProcess)
  const renderedSources: RenderedSource[] = sources.map((source) => {
    const output = rendered.documents.get(source.path)
    if (!output) throw new Error(`${source.path} was not rendered`)
    return { ...source, rendered: output, title: titleOf(source, output, site.site.markdown.title), markdown: '' }
  })
  const variants = new Map<string, Map<string, RenderedSource>>()
  for (const source of renderedSources) variants.set(source.docId, (variants.get(source.docId) ?? new Map()).set(source.locale, source))
  const byLocale = new Map<string, IndexedDocument[]>()
  for (const locale of site.site.locales) byLocale.set(locale, indexedPages(audienceChoices(variants, locale, site.site.defaultLocale)))
  const result = { locales: site.site.locales, byLocale }
  if (cacheFile) await writeFile(cacheFile, JSON.stringify(toStored(result)))
  return result
}

/** Sections arrays stored once, referred to by position, so that sharing survives the file. */
interface Stored {
  locales: string[]
  sections: IndexedSection[][]
  byLocale: Record<string, Array<Omit<IndexedDocument, 'sections'> & { sections: number }>>
}

function toStored(corpus: IndexedCorpus): Stored {
  const positions = new Map<IndexedSection[], number>()
  const byLocale: Stored['byLocale'] = {}
  for (const [locale, list] of corpus.byLocale) {
    byLocale[locale] = list.map((document) => {
      if (!positions.has(document.sections)) positions.set(document.sections, positions.size)
      return { ...document, sections: positions.get(document.sections) as number }
    })
  }
  return { locales: corpus.locales, sections: [...positions.keys()], byLocale }
}

function fromStored(stored: Stored): IndexedCorpus {
  const byLocale = new Map<string, IndexedDocument[]>()
  for (const [locale, list] of Object.entries(stored.byLocale)) {
    byLocale.set(
      locale,
      list.map((document) => ({ ...document, sections: stored.sections[document.sections] as IndexedSection[] })),
    )
  }
  return { locales: stored.locales, byLocale }
}
