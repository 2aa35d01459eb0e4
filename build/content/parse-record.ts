import type { Parsed, ParsedFile, SourceFile } from './parsed-file.ts'
import { lineOfKey, type ContentProblem } from './problems.ts'

// A parsed file whose text the build does not keep (a file read on demand, build/read.ts), and the plain
// record it is made from: the same record whether the file was parsed in this build or an earlier one.

/** Where each top-level key of a front matter's text is, as a line of the file. A function of its own: the closure keeps only the text. */
export function frontMatterLines(frontMatter: string): (key: string) => number {
  return (key) => lineOfKey(frontMatter.replace(/^\r?\n/, ''), key, 2, 1)
}

/**
 * What parsing a file read on demand gives, as plain data: a one-shot build keeps it between builds by the
 * file's stamp (build/parsed-files.ts), and makes the parsed file from it either way, so the two cannot differ.
 */
export interface ParseRecord<T> {
  data: T
  problems: ContentProblem[]
  bodyLine: number
  /** How many characters of the file come before the body. */
  headerLength: number
  frontMatter: string
  bodyDigest: string
  mayInclude: boolean
}

/** The parsed file of `record`, its body read from `file` when asked for. */
export function parsedOnDemand<T>(file: SourceFile, record: ParseRecord<T>): Parsed<T> {
  const { data, bodyLine, headerLength, frontMatter, problems } = record
  const parsed = { file, data, bodyLine, lineOf: frontMatterLines(frontMatter) }
  Object.defineProperties(parsed, {
    [HEADER_LENGTH]: { value: headerLength },
    [FRONT_MATTER]: { value: frontMatter },
    [BODY_DIGEST]: { value: record.bodyDigest },
    [MAY_INCLUDE]: { value: record.mayInclude },
  })
  return { value: Object.defineProperties(parsed, ON_DEMAND_ACCESSORS) as ParsedFile<T>, problems }
}

/** The record a parsed file read on demand was made from (with the problems its parse gave), or undefined for any other. */
export function parseRecordOf<T>({ value, problems }: Parsed<T>): ParseRecord<Partial<T>> | undefined {
  const { [HEADER_LENGTH]: headerLength, [FRONT_MATTER]: frontMatter, [BODY_DIGEST]: digest, [MAY_INCLUDE]: mayInclude } = value as ParsedFile<Partial<T>> & Partial<OnDemandNotes>
  if (headerLength === undefined || frontMatter === undefined || digest === undefined || mayInclude === undefined) return undefined
  return { data: value.data, problems, bodyLine: value.bodyLine, headerLength, frontMatter, bodyDigest: digest, mayInclude }
}

/** What a parsed file read on demand keeps of its text: where its body starts, its front matter, and notes on its body. */
interface OnDemandNotes {
  [HEADER_LENGTH]: number
  [FRONT_MATTER]: string
  [BODY_DIGEST]: string
  [MAY_INCLUDE]: boolean
}

const HEADER_LENGTH = Symbol('header length')
const FRONT_MATTER = Symbol('front matter')
const BODY_DIGEST = Symbol('body digest')
const MAY_INCLUDE = Symbol('may include')

const notesOf = (parsed: object): Partial<OnDemandNotes> => parsed as Partial<OnDemandNotes>

/** The bodyDigest of a parsed file's body, when it was taken as the file was parsed (a file read on demand). */
export function bodyDigestOf(parsed: object): string | undefined {
  return notesOf(parsed)[BODY_DIGEST]
}

/** Whether a parsed file's body may hold an include directive: false only when the parse saw none. */
export function bodyMayInclude(parsed: object): boolean {
  return notesOf(parsed)[MAY_INCLUDE] ?? true
}

/** `body`, the same accessor for every page (see build/rendering-texts.ts on why not a getter of its own). */
const ON_DEMAND_ACCESSORS: PropertyDescriptorMap = {
  body: {
    enumerable: true,
    get(this: { file: SourceFile; [HEADER_LENGTH]: number }) {
      return this.file.text.slice(this[HEADER_LENGTH])
    },
  },
}
