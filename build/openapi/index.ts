import type { GeneratedSourceFile } from '../content/front-matter.ts'
import type { ContentProblem } from '../content/problems.ts'
import { SITE_FILE, type SiteConfig } from '../content/site-config.ts'
import { translatedPath } from './config.ts'
import { loadApiDocument, type ReadText } from './load.ts'
import { apiPages } from './pages.ts'

export type { ReadText } from './load.ts'

export interface ApiReference {
  /** The pages of every API listed in site.yml, in every locale it has a document for. */
  files: GeneratedSourceFile[]
  /** Every file they were made from (documents, their translations, the files their `$ref`s name): a change to one makes them again. */
  sources: string[]
  problems: ContentProblem[]
}

/**
 * site.yml's `openapi:` list -> each document read and checked (load.ts) -> its pages (pages.ts), per
 * locale: `openapi/shop.de.yaml` beside `openapi/shop.yaml` is its German translation. Problems of every
 * document come back together, with the Markdown's, and no page of a document that has one is made.
 * Only the current docs must have every document listed: an `archived` version may predate one.
 */
export async function apiReference(site: Pick<SiteConfig, 'apis' | 'locales' | 'defaultLocale'>, readText: ReadText, options: { archived?: boolean } = {}): Promise<ApiReference> {
  const reference: ApiReference = { files: [], sources: [], problems: [] }
  for (const api of site.apis) {
    for (const locale of site.locales) {
      const path = locale === site.defaultLocale ? api.path : translatedPath(api.path, locale)
      if ((await readText(path)) === null) {
        reference.sources.push(path)
        // An older version (a git ref) may predate the document: it then has no API reference.
        if (locale === site.defaultLocale && !options.archived)
          reference.problems.push({ path: SITE_FILE, line: api.line, message: `openapi: "${api.path}" does not exist in the content folder` })
        continue
      }
      const loaded = await loadApiDocument(path, readText)
      reference.sources.push(...loaded.files)
      reference.problems.push(...loaded.problems)
      if (!loaded.document) continue
      const pages = apiPages({ api, locale, path, document: loaded.document, lineOf: loaded.lineOf, mtimeMs: loaded.mtimeMs })
      reference.files.push(...pages.files)
      reference.problems.push(...pages.problems)
    }
  }
  reference.sources = [...new Set(reference.sources)].sort()
  return reference
}
