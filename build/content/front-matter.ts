import matter from 'gray-matter'
import { CORE_SCHEMA, load as loadYaml } from 'js-yaml'
import semver from 'semver'
import { z } from 'zod'
import { lineOfKey, type ContentProblem } from './problems.ts'

/** A file as the read stage hands it over: path relative to the content root, POSIX slashes. */
export interface SourceFile {
  path: string
  text: string
  mtimeMs: number
}

// YAML is read with the core schema, so dates stay the strings the author
// wrote and are checked as written (the default schema would turn
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

const navOverride = z.union([
  z.literal(false),
  z.string().min(1),
  z.object({ link: z.string().min(1), text: z.string().optional() }).transform((value) => value.link),
])

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
  id: z.string().regex(/^[^/\\]+$/, 'must be a file name such as "configuration", without "/"').optional(),
  tags: z.array(z.string()).optional(),
  toc: z
    .union([
      z.literal(false),
      z.object({ minLevel: z.int().min(1).max(6).optional(), maxLevel: z.int().min(1).max(6).optional() }),
    ])
    .optional(),
  lastUpdated: lastUpdated.optional(),
  prev: navOverride.optional(),
  next: navOverride.optional(),
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
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string such as "1.4.0"') })
    .refine((version) => semver.valid(version) !== null, { error: (issue) => `"${String(issue.input)}" is not a semver version such as 1.4.0` }),
  date: z.string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') }).pipe(isoDate),
  stream: z.string().min(1).optional(),
  title: z.string().optional(),
  upgrade: z.string().optional(),
  related: z.array(z.string()).optional(),
  breaking: z.boolean().optional(),
})

export type ReleaseFrontMatter = z.output<typeof releaseSchema>

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

type ObjectSchema = z.ZodObject<z.ZodRawShape>

function parseWith<S extends ObjectSchema>(file: SourceFile, schema: S): Parsed<z.output<S>> {
  let parsed: matter.GrayMatterFile<string>
  try {
    // Passing options turns off gray-matter's module-level cache.
    parsed = matter(file.text, { excerpt: false, engines: { yaml: (text) => loadYaml(text, { schema: CORE_SCHEMA }) as object } })
  } catch (error) {
    const mark = (error as { mark?: { line: number } }).mark
    const reason = ((error as { reason?: string }).reason ?? (error as Error).message).split('\n')[0]
    return {
      value: { file, data: {}, body: '', bodyLine: 1, lineOf: () => 1 },
      problems: [{ path: file.path, line: (mark?.line ?? 0) + 1, message: `invalid YAML front matter: ${reason}` }],
    }
  }
  const headerLength = file.text.length - parsed.content.length
  const bodyLine = file.text.slice(0, headerLength).split('\n').length
  const lineOf = (key: string) => lineOfKey(parsed.matter.replace(/^\r?\n/, ''), key, 2, 1)
  const value = (data: Partial<z.output<S>>) => ({ file, data, body: parsed.content, bodyLine, lineOf })
  const result = schema.safeParse(parsed.data)
  if (result.success) return { value: value(result.data), problems: [] }
  const valid = Object.entries(parsed.data).flatMap(([key, raw]) => {
    const field = schema.shape[key]
    const checked = field ? z.safeParse(field, raw) : undefined
    return checked?.success ? [[key, checked.data]] : []
  })
  return {
    value: value(Object.fromEntries(valid) as Partial<z.output<S>>),
    problems: result.error.issues.map((issue) => ({
      path: file.path,
      line: lineOf(String(issue.path[0] ?? '')),
      message: `front matter "${issue.path.join('.')}": ${issue.message}`,
    })),
  }
}

export function parseDocumentFile(file: SourceFile): Parsed<DocumentFrontMatter> {
  return parseWith(file, documentSchema)
}

export function parseReleaseFile(file: SourceFile): Parsed<ReleaseFrontMatter> {
  return parseWith(file, releaseSchema)
}
