import type { ContentProblem } from './problems.ts'

/** A file as the read stage hands it over: path relative to the content root, POSIX slashes. */
export interface SourceFile {
  path: string
  text: string
  mtimeMs: number
}

export interface ParsedFile<T> {
  file: SourceFile
  data: T
  body: string
  /** The line of the file on which `body` starts, so body positions map back to the file. */
  bodyLine: number
  /** Where each top-level front matter key sits, for error messages. */
  lineOf: (key: string) => number
}

/**
 * Always a value, so one bad field does not hide the rest of the file: on
 * problems, `value.data` keeps the fields that are valid on their own.
 */
export interface Parsed<T> {
  value: ParsedFile<Partial<T>>
  problems: ContentProblem[]
}
