import matter from 'gray-matter'
import { z } from 'zod'
import { lineOfKey, type ContentProblem } from './errors.ts'

/** A file as the read stage hands it over: path relative to the content root, POSIX slashes. */
export interface SourceFile {
  path: string
  text: string
  mtimeMs: number
}

const isoDate = z.union([
  z.date().transform((date) => date.toISOString()),
  z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'must be an ISO date such as 2026-01-31'),
])

const navOverride = z.union([
  z.literal(false),
  z.string().min(1),
  z.object({ link: z.string().min(1), text: z.string().optional() }).transform((value) => value.link),
])

const documentSchema = z.looseObject({
  title: z.string().min(1).optional(),
  description: z.string().optional(),
  draft: z.boolean().optional(),
  order: z.number().optional(),
  sidebar_position: z.number().optional(),
  // Starlight keeps its order under `sidebar`; reading it lets such docs build unchanged.
  sidebar: z.looseObject({ order: z.number().optional() }).optional().catch(undefined),
  slug: z.string().regex(/^[^./\\][^\\]*$/, 'must be a relative slug such as "guides/install"').optional(),
  tags: z.array(z.string()).optional(),
  toc: z
    .union([
      z.literal(false),
      z.object({ minLevel: z.int().min(1).max(6).optional(), maxLevel: z.int().min(1).max(6).optional() }),
    ])
    .optional(),
  // VitePress writes `lastUpdated: false` to hide the date; that means "no date", not an error.
  lastUpdated: z.union([z.literal(false), isoDate]).optional(),
  prev: navOverride.optional(),
  next: navOverride.optional(),
})

export type DocumentFrontMatter = z.output<typeof documentSchema>

const releaseSchema = z.looseObject({
  version: z.string({ error: 'is required' }).or(z.number().transform(String)),
  date: isoDate,
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

type Parsed<T> = { ok: true; value: ParsedFile<T> } | { ok: false; problems: ContentProblem[] }

function parseWith<T>(file: SourceFile, schema: z.ZodType<T>): Parsed<T> {
  let parsed: matter.GrayMatterFile<string>
  try {
    // Passing options turns off gray-matter's module-level cache.
    parsed = matter(file.text, { excerpt: false })
  } catch (error) {
    const mark = (error as { mark?: { line: number } }).mark
    const reason = ((error as { reason?: string }).reason ?? (error as Error).message).split('\n')[0]
    return { ok: false, problems: [{ path: file.path, line: (mark?.line ?? 0) + 2, message: `invalid YAML front matter: ${reason}` }] }
  }
  const headerLength = file.text.length - parsed.content.length
  const bodyLine = file.text.slice(0, headerLength).split('\n').length
  const lineOf = (key: string) => lineOfKey(parsed.matter.replace(/^\r?\n/, ''), key, 2, 1)
  const result = schema.safeParse(parsed.data)
  if (!result.success) {
    return {
      ok: false,
      problems: result.error.issues.map((issue) => ({
        path: file.path,
        line: lineOf(String(issue.path[0] ?? '')),
        message: `front matter "${issue.path.join('.')}": ${issue.message}`,
      })),
    }
  }
  return { ok: true, value: { file, data: result.data, body: parsed.content, bodyLine, lineOf } }
}

export function parseDocumentFile(file: SourceFile): Parsed<DocumentFrontMatter> {
  return parseWith(file, documentSchema)
}

export function parseReleaseFile(file: SourceFile): Parsed<ReleaseFrontMatter> {
  return parseWith(file, releaseSchema)
}
