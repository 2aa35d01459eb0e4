import type { ParsedFile } from '../../content/front-matter.ts'
import { bodyMayInclude } from '../../content/parse-record.ts'
import { includeDirectives, includedPath, parseTarget } from './directives.ts'

/**
 * The content files some file includes with `<!--@include: …-->`, and their
 * translations: they are parts of the pages that include them, never pages
 * of their own, whatever their name (VitePress serves them as pages too,
 * which puts a fragment in the sidebar and in search beside the page that
 * holds it). `locales` lists the default locale first.
 */
export function includedFiles(files: Array<ParsedFile<unknown>>, locales: readonly string[]): Set<string> {
  const included = new Set<string>()
  for (const parsed of files) {
    // A body the parse saw no directive in is not read again.
    if (!bodyMayInclude(parsed)) continue
    for (const directive of includeDirectives(parsed.body)) included.add(includedPath(parsed.file.path, parseTarget(directive.target).file, locales))
  }
  const [defaultLocale] = locales
  for (const path of included) {
    const localPath = defaultLocale !== undefined && path.startsWith(`docs/${defaultLocale}/`) ? path.slice(`docs/${defaultLocale}/`.length) : undefined
    if (localPath !== undefined) for (const locale of locales) included.add(`docs/${locale}/${localPath}`)
  }
  return included
}
