import type { ParsedFile } from '../../content/front-matter.ts'
import { includeDirectives, includedPath, parseTarget } from './directives.ts'

/**
 * The content files some file includes with `<!--@include: …-->`: they
 * are parts of the pages that include them, never pages of their own,
 * whatever their name (VitePress serves them as pages too, which puts a
 * fragment in the sidebar and in search beside the page that holds it).
 */
export function includedFiles(files: Array<ParsedFile<unknown>>, locales: readonly string[]): Set<string> {
  const included = new Set<string>()
  for (const { file, body } of files) {
    for (const directive of includeDirectives(body)) included.add(includedPath(file.path, parseTarget(directive.target).file, locales))
  }
  return included
}
