/** One problem found in the content, reported as `path:line: message`. */
export interface ContentProblem {
  path: string
  line: number
  message: string
}

export function formatProblem(problem: ContentProblem): string {
  return `${problem.path}:${problem.line}: ${problem.message}`
}

/** Thrown when a build found problems: it carries every one of them, not only the first. */
export class ContentError extends Error {
  override name = 'ContentError'
  readonly problems: ContentProblem[]

  constructor(problems: ContentProblem[]) {
    super(problems.map(formatProblem).join('\n'))
    this.problems = [...problems].sort(
      (a, b) => a.path.localeCompare(b.path) || a.line - b.line || a.message.localeCompare(b.message),
    )
  }
}

/** The 1-based line of `key:` at the top level of a YAML text, or `fallback`. */
export function lineOfKey(yaml: string, key: string, firstLine: number, fallback = firstLine): number {
  const index = yaml.split('\n').findIndex((line) => line.startsWith(`${key}:`))
  return index === -1 ? fallback : firstLine + index
}
