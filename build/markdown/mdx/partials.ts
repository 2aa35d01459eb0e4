import { INCLUDE_MARK } from '../../content/body-notes.ts'
import type { ParsedFile } from '../../content/front-matter.ts'
import { isPartialPath } from '../../content/files.ts'

/** A partial's text without its front matter. */
export interface PartialSource {
  body: string
  bodyLine: number
}

/** The partials among parsed content files, by content path: `_` files, and the files others include (see includedFiles). */
export function partialSources(files: Array<ParsedFile<unknown>>, included: ReadonlySet<string> = new Set()): Map<string, PartialSource> {
  return new Map(files.filter(({ file }) => isPartialPath(file.path) || included.has(file.path)).map(({ file, body, bodyLine }) => [file.path, { body, bodyLine }]))
}

/**
 * The partials a text (`body`, read only when there are partials) may inline, by MDX import (when `imports`: the text
 * may be read as MDX) or by VitePress include: those whose file name it
 * mentions, and theirs in turn. A superset (the parser resolves the
 * imports), kept small because it is part of what a rendering is cached
 * under: an edit to a partial renders again only the pages that may use it.
 */
export function partialsFor(body: () => string, sources: Map<string, PartialSource>, options: { imports: boolean }): Record<string, PartialSource> | undefined {
  // Before the body is read: a site without partials does not read its pages' files for this.
  if (sources.size === 0) return undefined
  const chosen: Record<string, PartialSource> = {}
  const pending = [body()]
  for (let text = pending.pop(); text !== undefined; text = pending.pop()) {
    // A text that imports and includes nothing inlines nothing: most pages are done here.
    if (!(options.imports && text.includes('import')) && !text.includes(INCLUDE_MARK)) continue
    for (const [path, source] of sources) {
      if (Object.hasOwn(chosen, path) || !text.includes(path.slice(path.lastIndexOf('/') + 1))) continue
      chosen[path] = source
      pending.push(source.body)
    }
  }
  return Object.keys(chosen).length > 0 ? chosen : undefined
}
