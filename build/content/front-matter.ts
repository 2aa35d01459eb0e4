import matter from 'gray-matter'
import semver from 'semver'
import { z } from 'zod'
import type { ApiOperation } from '../../contract/index.ts'
import { bodyDigest, INCLUDE_MARK } from './body-notes.ts'
import type { Parsed, SourceFile } from './parsed-file.ts'
import { frontMatterLines, parsedOnDemand } from './parse-record.ts'
import { heroFrontMatter } from './hero.ts'
import { plainIssue, shownValue } from './plain-issues.ts'
import type { ContentProblem } from './problems.ts'
import { readYaml, type YamlProblem } from './yaml.ts'

/**
 * A page the build writes itself from another file (an OpenAPI operation's page, build/openapi/): its
 * problems and its edit link point at the place it is made from, and its document carries structured
 * data besides its text.
 */
export interface GeneratedSourceFile extends SourceFile {
  generated: {
    origin: { path: string; line: number }
    /** The operation the page describes, or null for an overview. */
    operation: ApiOperation | null
    /** Words that rank as its title in search, without showing (an operationId, a method and path). */
    searchTerms: string
  }
}

export function isGenerated(file: SourceFile): file is GeneratedSourceFile {
  return 'generated' in file && typeof file.generated === 'object' && file.generated !== null
}

/** A source file whose text is read from disk each time it is asked for, named meanwhile by its size and times, which change whenever its bytes do. */
export interface StampedSourceFile extends SourceFile {
  stamp: string
}

/** Whether the read stage named the file by its stamp (build/read.ts): its text is then read from disk each time it is asked for, not kept. */
export function isStamped(file: SourceFile): file is StampedSourceFile {
  return 'stamp' in file && typeof file.stamp === 'string'
}

// YAML is read with the core schema (see readYaml), so dates stay the strings
// the author wrote and are checked as written (a timestamp type would turn
// 2026-13-45 into a Date in 2027). zod's ISO formats check the calendar too:
// 2026-02-30 is refused.
const notIsoDate = (input: unknown) => `"${String(input)}" is not an ISO date such as 2026-01-31`
const isoDate = z.iso.date({ error: (issue) => notIsoDate(issue.input) })

// VitePress writes `lastUpdated: false` to hide the date; that means "no
// date", not an error. Starlight writes `true` for "from git", which is what
// happens anyway. A date-time needs an offset: without one, its instant
// would depend on the time zone of the machine that builds.
const lastUpdated = z.union([z.literal(false), z.literal(true).transform(() => undefined), z.iso.date(), z.iso.datetime({ offset: true })], {
  error: (issue) => `${notIsoDate(issue.input)} or a date-time with an offset such as 2026-01-31T10:00:00Z`,
})

const navOverride = z.union([z.literal(false), z.string().min(1), z.object({ link: z.string().min(1), text: z.string().optional() }).transform((value) => value.link)], {
  error: (issue) => `must be a slug, a relative .md path, {link, text} or false; got ${shownValue(issue.input)}`,
})

// One level range for the page's TOC, as VitePress and Starlight write it.
const tocLevel = z.int().min(1).max(6)
const toc = z.union([z.literal(false), z.object({ minLevel: tocLevel.optional(), maxLevel: tocLevel.optional() })], {
  error: (issue) => `must be false or {minLevel, maxLevel} with levels from 1 to 6, such as {minLevel: 2, maxLevel: 3}; got ${shownValue(issue.input)}`,
})

/**
 * A slug as authors write it where it need not name a file: `redirectFrom`
 * and site.yml `redirects`. Leading and trailing slashes are dropped, so
 * `/guides/old/` (as Docusaurus and server configs write paths) means
 * `guides/old`; a segment that could climb or alias a path is refused.
 */
export const relativeSlug = z.string().transform((text, ctx) => {
  const slug = text.replace(/^\/+|\/+$/g, '')
  const segments = slug.split('/')
  if (/[\\\u0000]/.test(slug) || segments.some((segment) => segment === '' || segment === '.' || segment === '..')) {
    ctx.issues.push({ code: 'custom', input: text, message: `"${text}" is not a relative slug such as "guides/old-install"` })
    return z.NEVER
  }
  return slug
})

/**
 * A page's own slug. Docusaurus writes it from the site's root (`/guides/x`,
 * `/` for the home page): a leading slash is allowed and means the same.
 */
const documentSlug = z
  .string()
  .min(1, 'must be a slug such as "guides/install"')
  .transform((text) => (/^\/+$/.test(text) ? 'index' : text))
  .pipe(relativeSlug)

const documentSchema = z.looseObject({
  title: z.string().min(1).optional(),
  description: z.string().optional(),
  draft: z.boolean().optional(),
  order: z.number().optional(),
  sidebar_position: z.number().optional(),
  // The title navigation shows, where the page's own title is too long for a sidebar.
  sidebar_label: z.string().min(1).optional(),
  // Starlight keeps its sidebar settings under `sidebar`; reading them lets such docs build unchanged.
  sidebar: z
    .looseObject({ order: z.number().optional(), label: z.string().min(1).optional(), hidden: z.boolean().optional() })
    .optional()
    .catch(undefined),
  slug: documentSlug.optional(),
  // Docusaurus's doc id: it replaces the file name in the page's id and, without `slug`, in its URL.
  id: z
    .string()
    .regex(/^[^/\\]+$/, 'must be a file name such as "configuration", without "/"')
    .optional(),
  tags: z.array(z.string()).optional(),
  toc: toc.optional(),
  lastUpdated: lastUpdated.optional(),
  prev: navOverride.optional(),
  next: navOverride.optional(),
  // A splash page's header (Starlight), or VitePress's home layout's: see hero.ts.
  hero: heroFrontMatter.optional(),
  // Old slugs of this page: one, or a list.
  redirectFrom: z
    .union([z.string(), z.array(z.string())], { error: 'must be a slug or a list of slugs' })
    .transform((value) => (Array.isArray(value) ? value : [value]))
    .pipe(z.array(relativeSlug))
    .optional(),
})

export type DocumentFrontMatter = z.output<typeof documentSchema>

const releaseSchema = z.looseObject({
  version: z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : `must be a version such as 1.4.0; got ${shownValue(issue.input)}`) })
    .refine((version) => semver.valid(version) !== null, { error: (issue) => `"${String(issue.input)}" is not a semver version such as 1.4.0` }),
  date: z.string({ error: (issue) => (issue.input === undefined ? 'is required' : notIsoDate(issue.input)) }).pipe(isoDate),
  stream: z.string().min(1).optional(),
  title: z.string().optional(),
  upgrade: z.string().optional(),
  related: z.array(z.string()).optional(),
  breaking: z.boolean().optional(),
})

export type ReleaseFrontMatter = z.output<typeof releaseSchema>

export type { Parsed, ParsedFile, SourceFile } from './parsed-file.ts'

type ObjectSchema = z.ZodObject<z.ZodRawShape>

/** Carries a YAML problem out of gray-matter, which only lets an engine throw. */
class FrontMatterYamlError extends Error {
  readonly problem: YamlProblem
  constructor(problem: YamlProblem) {
    super(problem.message)
    this.problem = problem
  }
}

function parseFrontMatterYaml(text: string): object {
  const read = readYaml(text)
  if (!read.ok) throw new FrontMatterYamlError(read.problem)
  return (read.value ?? {}) as object
}

function parseWith<S extends ObjectSchema>(file: SourceFile, schema: S): Parsed<z.output<S>> {
  // One read: a file the read stage does not keep (build/read.ts) is read from disk each time its text is asked for.
  const text = file.text
  let parsed: matter.GrayMatterFile<string>
  try {
    // Passing options turns off gray-matter's module-level cache.
    parsed = matter(text, { excerpt: false, engines: { yaml: parseFrontMatterYaml } })
  } catch (error) {
    // The text gray-matter hands over starts right after the opening `---`, on its line: its line numbers are the file's.
    // Anything else it throws (a `---toml` block it has no engine for) is about the opening line.
    const problem = error instanceof FrontMatterYamlError ? error.problem : { line: 1, message: (error as Error).message }
    return {
      value: { file, data: {}, body: '', bodyLine: 1, lineOf: () => 1 },
      problems: [{ path: file.path, line: problem.line, message: `invalid YAML front matter: ${problem.message}` }],
    }
  }
  // The closures below see these strings, not gray-matter's result: it holds the whole file again as a
  // Buffer (`orig`), which `lineOf` would keep for as long as the page (6.6 KB a page in the bench corpus).
  const { content } = parsed
  const headerLength = text.length - content.length
  const bodyLine = text.slice(0, headerLength).split('\n').length
  const lineOf = frontMatterLines(parsed.matter)
  const { data, problems } = checked(schema, parsed.data, file.path, lineOf)
  if (!isStamped(file)) return { value: { file, data, body: content, bodyLine, lineOf }, problems }
  // A file read on demand keeps nothing of its text: the body is read again when asked for, and the front
  // matter and its values are copies, as a substring keeps the whole text alive. What the parse notes of the
  // body instead (see body-notes.ts) spares reading a page the render cache holds again.
  const body = text.slice(headerLength)
  return parsedOnDemand(file, {
    data: structuredClone(data),
    problems,
    bodyLine,
    headerLength,
    frontMatter: structuredClone(parsed.matter),
    bodyDigest: bodyDigest(body),
    mayInclude: body.includes(INCLUDE_MARK),
  })
}

/** The fields of `raw` that `schema` takes, all of them when it takes the whole, with the problems of the others at their lines. */
function checked<S extends ObjectSchema>(schema: S, raw: object, path: string, lineOf: (key: string) => number): { data: Partial<z.output<S>>; problems: ContentProblem[] } {
  const result = schema.safeParse(raw, { error: plainIssue })
  if (result.success) return { data: result.data, problems: [] }
  const valid = Object.entries(raw).flatMap(([key, value]) => {
    const field = schema.shape[key]
    const fieldResult = field ? z.safeParse(field, value, { error: plainIssue }) : undefined
    return fieldResult?.success ? [[key, fieldResult.data]] : []
  })
  return {
    data: Object.fromEntries(valid) as Partial<z.output<S>>,
    problems: result.error.issues.map((issue) => ({
      path,
      line: lineOf(String(issue.path[0] ?? '')),
      // No path: the front matter is not a map at all (`title:Intro` without a space is one string).
      message: issue.path.length > 0 ? `front matter "${issue.path.join('.')}": ${issue.message}` : 'front matter must be "key: value" lines, with a space after each colon',
    })),
  }
}

export function parseDocumentFile(file: SourceFile): Parsed<DocumentFrontMatter> {
  return parseWith(file, documentSchema)
}

export function parseReleaseFile(file: SourceFile): Parsed<ReleaseFrontMatter> {
  return parseWith(file, releaseSchema)
}
