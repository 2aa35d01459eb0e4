import type { GeneratedSourceFile } from '../content/front-matter.ts'
import type { ContentProblem } from '../content/problems.ts'
import { SITE_FILE, type SiteConfig } from '../content/site-config.ts'
import { translatedPath } from './config.ts'
import type { FileRename } from '../content/read-results.ts'
import { loadApiDocument, parseDocumentText, type ReadText } from './load.ts'
import { operationRenames, operationSlugs } from './renames.ts'
import { apiPages } from './pages.ts'

export type { ReadText } from './load.ts'

/** The texts of a file in earlier commits, newest first (the history a renamed operationId is found in). */
export type EarlierTexts = (path: string) => Promise<string[]>

export interface ApiReference {
  /** The pages of every API listed in site.yml, in every locale it has a document for. */
  files: GeneratedSourceFile[]
  /** Every file they were made from (documents, their translations, the files their `$ref`s name): a change to one makes them again. */
  sources: string[]
  problems: ContentProblem[]
  /** Pages of operations whose slug changed (a renamed operationId), as file renames: each old slug redirects. */
  renames: FileRename[]
}

/**
 * site.yml's `openapi:` list -> each document read and checked (load.ts) -> its pages (pages.ts), per
 * locale: `openapi/shop.de.yaml` beside `openapi/shop.yaml` is its German translation. Problems of every
 * document come back together, with the Markdown's, and no page of a document that has one is made.
 * Only the current docs must have every document listed: an `archived` version may predate one. With
 * `earlierTexts`, an operation whose slug changed since an earlier version of its document is a rename.
 */
export async function apiReference(
  site: Pick<SiteConfig, 'apis' | 'locales' | 'defaultLocale'>,
  readFile: ReadText,
  options: { archived?: boolean; earlierTexts?: EarlierTexts } = {},
): Promise<ApiReference> {
  const reference: ApiReference = { files: [], sources: [], problems: [], renames: [] }
  // Each file read once: a document is looked for before it is loaded, and translations share their schema files.
  const reads = new Map<string, ReturnType<ReadText>>()
  const readText: ReadText = (path) => {
    let read = reads.get(path)
    if (!read) {
      read = readFile(path)
      reads.set(path, read)
    }
    return read
  }
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
      if (locale === site.defaultLocale && options.earlierTexts) {
        const earlier = (await options.earlierTexts(path)).flatMap((text) => {
          const document = parseDocumentText(text)
          return document ? [operationSlugs(document, api.slugPrefix)] : []
        })
        reference.renames.push(...operationRenames(operationSlugs(loaded.document, api.slugPrefix), earlier, site.locales))
      }
      reference.files.push(...pages.files)
      reference.problems.push(...pages.problems)
    }
  }
  reference.sources = [...new Set(reference.sources)].sort()
  return reference
}
