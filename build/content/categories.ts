import { z } from 'zod'
import type { SourceFile } from './front-matter.ts'
import { splitNumberPrefix, stripNumberPrefixes } from './number-prefix.ts'
import { plainIssue } from './plain-issues.ts'
import { lineOfKey, lineWhere, type ContentProblem } from './problems.ts'
import { readYaml } from './yaml.ts'

/** What a folder says of itself: a Docusaurus `_category_` file, a number before its name. */
export interface FolderInfo {
  label: string | null
  position: number | null
  collapsed: boolean | null
  /** The document id of the page its entry opens, when that is not its index page. */
  page: string | null
}

/** A folder's own settings, as Docusaurus reads them from `_category_.json` or `_category_.yml`. */
export interface Category {
  locale: string
  /** The folder as slugs and doc ids name it: `guides/advanced`, number prefixes dropped. */
  folder: string
  label: string | null
  position: number | null
  collapsed: boolean | null
  /** The doc id of the page the folder's entry opens (`link: {type: doc, id}`), if it names one. */
  page: string | null
}

const categoryPath = /^docs\/([^/]+)\/(?:(.+)\/)?_category_\.(json|ya?ml)$/

export function isCategoryFile(path: string): boolean {
  return categoryPath.test(path)
}

// Docusaurus's other keys (`className`, `customProps`, `collapsible`) change nothing here, nor
// does a link to a generated index page, which has no page here to open.
const categorySchema = z.looseObject({
  label: z.string().min(1).optional(),
  position: z.number().optional(),
  collapsed: z.boolean().optional(),
  link: z.looseObject({ type: z.string(), id: z.string().optional() }).nullable().optional(),
})

export function parseCategoryFile(file: SourceFile): { value: Category | null; problems: ContentProblem[] } {
  const [, locale = '', folder = '', format = ''] = categoryPath.exec(file.path) ?? []
  const read = format === 'json' ? readJson(file) : readCategoryYaml(file)
  if ('problem' in read) return { value: null, problems: [read.problem] }
  const parsed = categorySchema.safeParse(read.data ?? {}, { error: plainIssue })
  if (!parsed.success) {
    return {
      value: null,
      problems: parsed.error.issues.map((issue) => {
        const key = String(issue.path[0] ?? '')
        return {
          path: file.path,
          line: format === 'json' ? lineOfJsonKey(file.text, key) : lineOfKey(file.text, key, 1),
          message: `${issue.path.join('.') || 'category'}: ${issue.message}`,
        }
      }),
    }
  }
  const { label, position, collapsed, link } = parsed.data
  const page = link?.type === 'doc' ? (link.id ?? null) : null
  return {
    value: { locale, folder: stripNumberPrefixes(folder), label: label ?? null, position: position ?? null, collapsed: collapsed ?? null, page },
    problems: [],
  }
}

function readJson(file: SourceFile): { data: unknown } | { problem: ContentProblem } {
  try {
    return { data: JSON.parse(file.text) as unknown }
  } catch (error) {
    const message = (error as Error).message
    // V8 names the line, or at least the position, of the first thing it could not read.
    const line = /line (\d+)/.exec(message)?.[1]
    const position = /position (\d+)/.exec(message)?.[1]
    const at = line ? Number(line) : position ? file.text.slice(0, Number(position)).split('\n').length : 1
    return { problem: { path: file.path, line: at, message: `invalid JSON: ${message.replace(/\s*\(line \d+ column \d+\)$/, '')}` } }
  }
}

function readCategoryYaml(file: SourceFile): { data: unknown } | { problem: ContentProblem } {
  const read = readYaml(file.text)
  return read.ok ? { data: read.value } : { problem: { path: file.path, line: read.problem.line, message: `invalid YAML: ${read.problem.message}` } }
}

const lineOfJsonKey = (text: string, key: string) => lineWhere(text, (line) => line.includes(`"${key}"`))

/**
 * What each folder of a locale says of itself: its `_category_` file (the
 * locale's own, else the default locale's), and the number before its name
 * (`02-guides`), which orders it when no file does.
 */
export function folderInfoOf(
  categories: Category[],
  prefixes: ReadonlyMap<string, number>,
  locale: string,
  { defaultLocale, docIdOf }: { defaultLocale: string; docIdOf: (name: string) => string | undefined },
): (folder: string) => FolderInfo {
  const own = new Map(categories.filter((category) => category.locale === locale).map((category) => [category.folder, category]))
  const original = new Map(categories.filter((category) => category.locale === defaultLocale).map((category) => [category.folder, category]))
  return (folder) => {
    const mine = own.get(folder)
    const theirs = original.get(folder)
    return {
      label: mine?.label ?? theirs?.label ?? null,
      position: mine?.position ?? theirs?.position ?? prefixes.get(folder) ?? null,
      collapsed: mine?.collapsed ?? theirs?.collapsed ?? null,
      page: docIdOf(mine?.page ?? theirs?.page ?? '') ?? null,
    }
  }
}

/** The number before each folder's name (`02-guides`), by the folder's path without those numbers: what `folderInfoOf` takes as `prefixes`. */
export function folderNumberPrefixes(documentPaths: readonly string[]): Map<string, number> {
  const prefixes = new Map<string, number>()
  for (const path of documentPaths) {
    const segments = path.split('/').slice(2, -1)
    segments.forEach((segment, index) => {
      const { position } = splitNumberPrefix(segment)
      if (position !== null) prefixes.set(stripNumberPrefixes(segments.slice(0, index + 1).join('/')), position)
    })
  }
  return prefixes
}
