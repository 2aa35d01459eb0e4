import {
  BaseResolver,
  bundleDocument,
  createConfig,
  detectSpec,
  getLineColLocation,
  getTypes,
  lintDocument,
  parseYaml,
  Source,
  YamlParseError,
  type NormalizedProblem,
} from '@redocly/openapi-core'
import { upgrade } from '@scalar/openapi-upgrader'
import { posix } from 'node:path'
import type { ContentProblem } from '../content/problems.ts'
import { isObject, resolvePointer } from './dereference.ts'

/** Reads a file of the content (a path relative to it, POSIX slashes) and its time, or null when there is none. */
export type ReadText = (path: string) => Promise<{ text: string; mtimeMs: number } | null>

export interface LoadedApiDocument {
  /** One OpenAPI 3.x document, every `$ref` pointing inside it (see dereference.ts), or null when it has problems. */
  document: Record<string, unknown> | null
  /** Every file it was read from: the document and the files its `$ref`s name. */
  files: string[]
  problems: ContentProblem[]
  /** The time of its newest file. */
  mtimeMs: number
  /** The line of the root file a JSON pointer (`/paths/~1books/get`) is written on, or of its nearest written parent. */
  lineOf: (pointer: string) => number
}

/**
 * Reads files through the build's reader only: a version at a git ref reads the document as it was, and a
 * `$ref` to a URL is refused, since a build never reaches the network (the same input, the same output).
 */
class ContentResolver extends BaseResolver {
  readonly #readText: ReadText
  /** The time of the newest file read. */
  newest = 0

  constructor(readText: ReadText) {
    super()
    this.#readText = readText
  }

  override async loadExternalRef(absoluteRef: string): Promise<Source> {
    if (/^[a-z][a-z0-9+.-]*:/i.test(absoluteRef)) throw new Error(`${absoluteRef} is not a file of the content folder: a build reads no URL`)
    const file = await this.#readText(absoluteRef)
    if (file === null) throw new Error(`${absoluteRef} does not exist`)
    this.newest = Math.max(this.newest, file.mtimeMs)
    return new Source(absoluteRef, file.text, absoluteRef.endsWith('.json') ? 'application/json' : 'application/yaml')
  }

  override resolveExternalRef(base: string | null, ref: string): string {
    if (/^[a-z][a-z0-9+.-]*:/i.test(ref)) return ref
    return base === null ? posix.normalize(ref) : posix.join(posix.dirname(base), ref)
  }
}

/**
 * What makes a document unreadable, not what a style guide would like: its structure against the
 * specification, `$ref`s that resolve, operationIds that are unique (they become slugs). Real documents
 * break recommended style rules by the dozen and must still build.
 */
const RULES = {
  struct: 'error',
  'no-unresolved-refs': 'error',
  'operation-operationId-unique': 'error',
  'path-parameters-defined': 'error',
  'no-identical-paths': 'error',
} as const

const configOnce = (() => {
  let config: ReturnType<typeof createConfig> | undefined
  return () => {
    config ??= createConfig({ rules: RULES })
    return config
  }
})()

/** Reads an OpenAPI 3.0/3.1 or Swagger 2.0 document and the files it refers to; a Swagger 2.0 one comes back as OpenAPI 3.1. */
export async function loadApiDocument(path: string, readText: ReadText): Promise<LoadedApiDocument> {
  const resolver = new ContentResolver(readText)
  const root = await resolver.resolveDocument(null, path, true).catch((error: Error) => error)
  if (root instanceof Error) return { document: null, files: [path], problems: [readProblem(path, root)], lineOf: () => 1, mtimeMs: 0 }
  const lineOf = (pointer: string) => pointerLine(root.source, pointer)
  const parsed = root.parsed
  if (!isObject(parsed) || !(typeof parsed.openapi === 'string' || typeof parsed.swagger === 'string'))
    return {
      document: null,
      files: [path],
      problems: [{ path, line: 1, message: 'is not an OpenAPI document: it has no "openapi" (3.0, 3.1) or "swagger" (2.0) field' }],
      lineOf,
      mtimeMs: resolver.newest,
    }
  const version = detectVersion(parsed)
  if (typeof version !== 'string')
    return { document: null, files: [path], problems: [{ path, line: lineOf('/openapi'), message: version.problem }], lineOf, mtimeMs: resolver.newest }
  const config = await configOnce()
  const found = await lintDocument({ document: root, config, externalRefResolver: resolver })
  const files = [path, ...[...resolver.getFiles()].filter((file) => file !== path).sort()]
  const problems = found.filter((problem) => problem.severity === 'error').map(toContentProblem)
  if (problems.length > 0) return { document: null, files, problems: dedupe(problems), lineOf, mtimeMs: resolver.newest }
  const bundled = await bundleDocument({ document: root, config, externalRefResolver: resolver, types: getTypes(version) })
  const document = bundled.bundle.parsed as Record<string, unknown>
  return { document: version === 'oas2' ? (upgrade(document, '3.1') as unknown as Record<string, unknown>) : document, files, problems: [], lineOf, mtimeMs: resolver.newest }
}

/** A document's text as a value, without following its `$ref`s, or null when it is not a map (an earlier version of a document, read for its operations' slugs). */
export function parseDocumentText(text: string): Record<string, unknown> | null {
  try {
    const value = parseYaml(text)
    return isObject(value) ? value : null
  } catch {
    return null
  }
}

function detectVersion(parsed: Record<string, unknown>): 'oas2' | 'oas3_0' | 'oas3_1' | { problem: string } {
  try {
    const spec = detectSpec(parsed)
    if (spec === 'oas2' || spec === 'oas3_0' || spec === 'oas3_1') return spec
    return { problem: `is ${spec}, which the build does not read: it reads OpenAPI 3.0, 3.1 and Swagger 2.0` }
  } catch (error) {
    return { problem: (error as Error).message }
  }
}

function toContentProblem(problem: NormalizedProblem): ContentProblem {
  const location = problem.location[0]
  if (!location) return { path: '', line: 1, message: problem.message }
  const { start } = getLineColLocation(location)
  // Redocly names the unresolved reference by its place only; the reference itself says what is missing.
  const ref = problem.ruleId === 'no-unresolved-refs' ? refAt(location.source, location.pointer) : null
  if (ref && !problem.message.includes(ref))
    return { path: location.source.absoluteRef, line: start.line, message: `${problem.message}: "${ref}" ${problem.message.includes(':') ? '' : 'points at nothing'}`.trim() }
  const where = location.pointer && location.pointer !== '#/' ? ` (at ${location.pointer.replace(/^#/, '')})` : ''
  return { path: location.source.absoluteRef, line: start.line, message: `${problem.message}${where}` }
}

function readProblem(path: string, error: Error): ContentProblem {
  if (error instanceof YamlParseError) return { path, line: error.line, message: `invalid YAML: ${error.message.replace(/ in ".*$/s, '')}` }
  const cause = (error as { originalError?: Error }).originalError?.message ?? error.message
  return { path, line: 1, message: cause.endsWith('does not exist') ? 'does not exist' : `cannot be read: ${cause.split('\n')[0]}` }
}

/** The `$ref` written at a pointer of a source, if any. */
function refAt(source: Source, pointer: string | undefined): string | null {
  if (!pointer) return null
  const node = resolvePointer(parseYaml(source.body), pointer.replace(/^#/, '#'))
  return isObject(node) && typeof node.$ref === 'string' ? node.$ref : null
}

function pointerLine(source: Source, pointer: string): number {
  for (let at = pointer; at !== ''; at = at.slice(0, at.lastIndexOf('/'))) {
    const line = getLineColLocation({ source, pointer: `#${at}`, reportOnKey: true }).start.line
    if (line > 1 || at.split('/').length === 2) return line
  }
  return 1
}

function dedupe(problems: ContentProblem[]): ContentProblem[] {
  const seen = new Set<string>()
  return problems.filter((problem) => {
    const key = `${problem.path}:${problem.line}:${problem.message}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}
