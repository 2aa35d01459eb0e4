/** One problem found in the content, reported as `path:line: message`. */
export interface ContentProblem {
  path: string
  line: number
  message: string
}

/**
 * Something the build let through but the author should hear about: in a
 * content file (a broken link under `links: warn`), or about the build as a
 * whole (no git history, an oversized blob), which has no place to point at.
 */
export type BuildWarning = ContentProblem | { message: string }

/** `path:line: message`, the path prefixed with `folder` (the content folder as the user named it). */
export function formatProblem(problem: ContentProblem, folder = ''): string {
  return `${folder ? `${folder}/` : ''}${problem.path}:${problem.line}: ${problem.message}`
}

export function formatWarning(warning: BuildWarning, folder = ''): string {
  return 'path' in warning ? formatProblem(warning, folder) : warning.message
}

/** Reading order: by path, then line. */
export function byPlace(a: ContentProblem, b: ContentProblem): number {
  return a.path.localeCompare(b.path) || a.line - b.line || a.message.localeCompare(b.message)
}

/** Thrown when a build found problems: it carries every one of them, not only the first. */
export class ContentError extends Error {
  override name = 'ContentError'
  readonly problems: ContentProblem[]

  constructor(problems: ContentProblem[]) {
    super(problems.map((problem) => formatProblem(problem)).join('\n'))
    this.problems = [...problems].sort(byPlace)
  }
}

/** The 1-based line of `key:` at the top level of a YAML text, or `fallback`. */
export function lineOfKey(yaml: string, key: string, firstLine: number, fallback = firstLine): number {
  return lineWhere(yaml, (line) => line.startsWith(`${key}:`), firstLine, fallback)
}

/** The 1-based line, counted from `firstLine`, of the first line of `text` that passes `test`, or `fallback`. */
export function lineWhere(text: string, test: (line: string) => boolean, firstLine = 1, fallback = firstLine): number {
  const index = text.split('\n').findIndex(test)
  return index === -1 ? fallback : firstLine + index
}

/** Adds `more` to the end of `list` one by one: spread as arguments (`push(...more)`), a site's worth of problems (100,000 pages with a broken link each) overflows the stack. */
export function appendAll<T>(list: T[], more: Iterable<T>): void {
  for (const item of more) list.push(item)
}
