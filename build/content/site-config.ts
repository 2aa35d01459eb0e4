import { z } from 'zod'
import { nearestName } from '../../lib/nearest-name.ts'
import { tokenize } from '../../search/engine.ts'
import { apiEntrySchema, resolveApiEntries } from '../openapi/config.ts'
import { DEFAULT_HEADING_ID_RULE, HEADING_ID_RULES, MARKDOWN_FORMATS } from './markdown-options.ts'
import { relativeSlug } from './front-matter.ts'
import { sidebarSchema, withLines } from './sidebar-config.ts'
import { plainIssue, shownValue } from './plain-issues.ts'
import { lineOfKey, lineWhere, type ContentProblem } from './problems.ts'
import { resolveVersions, versionEntrySchema } from './versions-config.ts'
import { readYaml } from './yaml.ts'

const localizedText = z.union([z.string().min(1), z.record(z.string(), z.string().min(1))], {
  error: (issue) => `must be a title, or a map of locale to title such as {en: Guides, fr: Guides}; got ${shownValue(issue.input)}`,
})

const localeCode = z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'must be a language tag such as "en"')

/** Code to label; a plain list labels each locale with its code. */
const localeLabels = z
  .union([z.array(localeCode).min(1), z.record(localeCode, z.string().min(1))], {
    error: 'must be a list of locale codes such as [en, fr] or a map of code to label such as {en: English, fr: Français}',
  })
  .transform((locales) => (Array.isArray(locales) ? Object.fromEntries(locales.map((code) => [code, code])) : locales))

/** Groups of equivalent words, each one word as search splits text (`k8s`, not `k 8 s`). */
const synonymGroup = z
  .array(z.union([z.string(), z.number()], { error: (issue) => `must be a word; got ${shownValue(issue.input)}` }).transform(String))
  .min(2, 'must list at least two equivalent words')
  .refine((group) => group.every((word) => tokenize(word, 'und').length === 1), 'each synonym must be a single word; a phrase cannot be matched as one')

/** For removed pages: readers of `from` are sent to the live page `to`. */
const redirectEntry = z.object({ from: relativeSlug, to: relativeSlug })

export const DEFAULT_ASSET_DIRS = ['public', 'static'] as const

/** A folder inside the content folder, named relative to it. */
const assetDir = z
  .string()
  .min(1)
  .refine((dir) => !dir.startsWith('/') && !dir.split('/').includes('..'), 'must be a folder inside the content folder, such as public')

// A factory, because each redirect keeps the line it was written on for
// problems found later (an unknown target, a cycle), and only the text knows
// it; and the locale folders under docs/ stand in for an unwritten locale.
// Strict, like its nested maps: a misspelled key would otherwise do nothing
// in silence (front matter stays loose: foreign folders carry other tools' keys).
const siteSchema = (lineOfItem: (key: string, index: number) => number, text: string, localeFolders: readonly string[]) =>
  z
    .strictObject({
      title: z.string().min(1),
      description: z.string().optional(),
      defaultLocale: localeCode.optional(),
      locales: localeLabels.optional(),
      baseUrl: z.string().startsWith('/', 'must start with "/"').default('/'),
      repo: z.url().optional(),
      editUrl: z.string().includes('{path}', { message: 'must contain "{path}"' }).optional(),
      sections: z.array(z.object({ slug: z.string().min(1), title: localizedText })).default([]),
      // `warn` lets a folder brought over from another tool build with a few
      // broken links; a link to a draft stays an error, so drafts never leak.
      links: z.enum(['warn', 'error']).default('error'),
      redirects: z.array(redirectEntry).default([]),
      search: z.strictObject({ synonyms: z.array(synonymGroup).default([]) }).default({ synonyms: [] }),
      // How `.md` files are parsed (`.mdx` files always as MDX): see MARKDOWN_FORMATS. How headings
      // get their ids: as the framework the docs come from makes them (heading-slugs.ts). `vue`: `{{ }}`
      // in pages read as Markdown is Vue's, as VitePress compiles them (remark-vue-markup.ts); off, it is text.
      markdown: z
        .strictObject({
          format: z.enum(MARKDOWN_FORMATS).default('detect'),
          headingIds: z.enum(HEADING_ID_RULES).default(DEFAULT_HEADING_ID_RULE),
          // Which title wins when a page has a front matter title and an H1: VitePress's `title:` is
          // the browser tab's text (`Mocking | Guide`) and readers see the H1, so `heading` takes the H1.
          title: z.enum(['frontMatter', 'heading']).default('frontMatter'),
          vue: z.boolean().default(false),
        })
        .prefault({}),
      // The sidebar spelled out, which replaces the one made from folders (sites whose order lives in code).
      sidebar: sidebarSchema.optional(),
      // Where a root path (`/img/logo.png`) finds its file: VitePress's `public/`, Docusaurus's `static/`.
      assets: z.strictObject({ dirs: z.array(assetDir).default([...DEFAULT_ASSET_DIRS]) }).default({ dirs: [...DEFAULT_ASSET_DIRS] }),
      // Docs of several product versions, each built whole (contract/versions.ts); absent: one unnamed version.
      versions: z.array(versionEntrySchema).min(1, 'must list at least one version').optional(),
      defaultVersion: z.union([z.string(), z.number()]).transform(String).optional(),
      // OpenAPI documents whose operations, tags and APIs become pages (build/openapi/).
      openapi: z.array(apiEntrySchema).default([]),
    })
    .transform((written, ctx) => {
      const inferred = defaultLocaleOf(localeFolders)
      if (written.defaultLocale === undefined && typeof inferred !== 'string') {
        ctx.issues.push({ code: 'custom', input: undefined, path: ['defaultLocale'], message: inferred.problem })
        return z.NEVER
      }
      const data = { ...written, defaultLocale: written.defaultLocale ?? (inferred as string) }
      const labels =
        data.locales ?? Object.fromEntries((written.defaultLocale === undefined ? localeFolders.filter(isLocaleCode) : [data.defaultLocale]).map((code) => [code, code]))
      // Adding it silently would publish a locale the author left out, or hide a typo in either key.
      if (!Object.hasOwn(labels, data.defaultLocale)) {
        ctx.issues.push({ code: 'custom', input: data.locales, path: ['locales'], message: `must list the default locale "${data.defaultLocale}"` })
        return z.NEVER
      }
      const resolved = data.versions ? resolveVersions(data.versions, data.defaultVersion, (index) => lineOfItem('versions', index)) : { versions: [], problems: [] }
      for (const problem of resolved.problems) {
        ctx.issues.push({ code: 'custom', input: data.versions, path: problem.index === null ? ['defaultVersion'] : ['versions', problem.index], message: problem.message })
      }
      if (resolved.problems.length > 0) return z.NEVER
      return {
        title: data.title,
        description: data.description ?? null,
        defaultLocale: data.defaultLocale,
        /** Locale codes, the default first, then in the order site.yml lists them. */
        locales: [data.defaultLocale, ...Object.keys(labels).filter((locale) => locale !== data.defaultLocale)],
        /** For a locale switcher; not published in the manifest. */
        localeLabels: labels,
        baseUrl: data.baseUrl.endsWith('/') ? data.baseUrl : `${data.baseUrl}/`,
        editUrl: data.editUrl ?? null,
        sections: data.sections,
        links: data.links,
        redirects: data.redirects.map((redirect, index) => ({ ...redirect, line: lineOfItem('redirects', index) })),
        search: data.search,
        markdown: data.markdown,
        sidebar: data.sidebar ? withLines(data.sidebar, text) : null,
        /** Folders under the content folder, without slashes at their ends, searched in this order. */
        assetDirs: data.assets.dirs.map((dir) => dir.replace(/^\.\/|\/+$/g, '')),
        /** Empty on a site without versions. */
        versions: resolved.versions,
        /** The OpenAPI documents whose operations are pages, defaults resolved. */
        apis: resolveApiEntries(data.openapi, (index) => lineOfItem('openapi', index)),
        /** The version named in this site's Markdown URLs: null but while a version other than the default is built. */
        urlVersion: null as string | null,
      }
    })

export type SiteConfig = z.output<ReturnType<typeof siteSchema>>

const isLocaleCode = (folder: string) => localeCode.safeParse(folder).success

/** The locale folders under `docs/` that hold a file, from paths relative to the content folder. */
export function localeFoldersOf(paths: Iterable<string>): string[] {
  const folders = new Set<string>()
  for (const path of paths) {
    const [top, folder, ...rest] = path.split('/')
    if (top === 'docs' && folder !== undefined && rest.length > 0) folders.add(folder)
  }
  return [...folders].sort()
}

/** site.yml asks only for what cannot be seen: the one locale folder, else `en` when there is one, is the default. */
function defaultLocaleOf(folders: readonly string[]): string | { problem: string } {
  const locales = folders.filter(isLocaleCode)
  if (locales.length === 1) return locales[0] as string
  if (locales.includes('en')) return 'en'
  if (locales.length === 0) return { problem: 'is required: docs/ has no locale folder to infer it from (pages go under docs/<locale>/, such as docs/en/)' }
  return { problem: `is required: docs/ has the locale folders ${locales.join(', ')}; name the default one` }
}

export type SiteResult = { ok: true; site: SiteConfig } | { ok: false; problems: ContentProblem[] }

export const SITE_FILE = 'site.yml'

/** Top-level lists whose problems point at the item's own line. */
const LISTS_WITH_ITEM_LINES = new Set(['redirects', 'versions', 'openapi'])

/**
 * Parses and validates `site.yml`; every problem comes back with its line.
 * `localeFolders` (see localeFoldersOf) give the default locale and the
 * locales when site.yml leaves them out.
 */
export function parseSiteConfig(text: string, localeFolders: readonly string[] = []): SiteResult {
  const read = readYaml(text)
  if (!read.ok) return { ok: false, problems: [{ path: SITE_FILE, line: read.problem.line, message: `invalid YAML: ${read.problem.message}` }] }
  const raw = read.value ?? {}
  const lineOfItem = (key: string, index: number) => lineOfListItem(text, key, index)
  const schema = siteSchema(lineOfItem, text, localeFolders)
  const parsed = schema.safeParse(raw, { error: plainIssue })
  if (parsed.success) return { ok: true, site: parsed.data }
  return {
    ok: false,
    problems: parsed.error.issues.flatMap((issue) => {
      if (issue.code === 'unrecognized_keys') return unknownKeys(schema, text, issue.path, issue.keys)
      const [key = '', index] = issue.path
      const line = LISTS_WITH_ITEM_LINES.has(String(key)) && typeof index === 'number' ? lineOfItem(String(key), index) : lineOfKey(text, String(key), 1)
      // Problems found across fields already say which one they are about.
      const message = issue.message.startsWith(`${String(key)}:`) ? issue.message : `${issue.path.join('.') || 'site'}: ${issue.message}`
      return { path: SITE_FILE, line, message }
    }),
  }
}

/** One problem per key site.yml does not know, on the key's own line, with the key it most likely meant. */
function unknownKeys(schema: z.ZodType, text: string, path: readonly PropertyKey[], keys: readonly string[]): ContentProblem[] {
  const known = knownKeysAt(schema, path)
  const where = path.filter((key) => typeof key === 'string').join('.')
  return keys.map((key) => {
    const guess = nearestName(key, known)
    const line = lineWhere(text, (candidate) => candidate.trimStart().replace(/^- /, '').startsWith(`${key}:`), 1, lineOfKey(text, String(path[0] ?? key), 1))
    const hint = guess ? `did you mean "${guess}"?` : `the keys here are ${known.join(', ')}`
    return { path: SITE_FILE, line, message: `${where ? `${where}: ` : ''}unknown key "${key}": ${hint}` }
  })
}

/** The keys of the map at `path` in a schema, read from the schema itself so the two cannot drift. */
function knownKeysAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  let at: unknown = schema
  for (let step = 0; ; ) {
    if (at instanceof z.ZodPipe) at = at.in
    else if (at instanceof z.ZodOptional || at instanceof z.ZodDefault || at instanceof z.ZodPrefault) at = at.unwrap()
    else if (at instanceof z.ZodArray) at = at.element
    else if (typeof path[step] === 'number') step++
    else if (at instanceof z.ZodObject && step < path.length) at = at.shape[String(path[step++])]
    else return at instanceof z.ZodObject ? Object.keys(at.shape) : []
  }
}

/**
 * The line of item `index` of the block list under the top-level `key`, found
 * by its `- ` at the first item's indent. A flow list (`key: [...]`) has no
 * line per item: the key's line stands for all of them.
 */
function lineOfListItem(yaml: string, key: string, index: number): number {
  const keyLine = lineOfKey(yaml, key, 1)
  const lines = yaml.split('\n')
  let indent: number | undefined
  let seen = -1
  // `keyLine` is 1-based, so as an index it is the line after the key.
  for (let at = keyLine; at < lines.length; at++) {
    const line = lines[at] ?? ''
    if (/^[^\s#-]/.test(line)) break
    const item = /^(\s*)-(\s|$)/.exec(line)
    if (!item || (indent !== undefined && item[1]?.length !== indent)) continue
    indent = item[1]?.length
    if (++seen === index) return at + 1
  }
  return keyLine
}

export function sectionTitle(site: SiteConfig, slug: string, locale: string): string | null {
  const section = site.sections.find((candidate) => candidate.slug === slug)
  if (!section) return null
  if (typeof section.title === 'string') return section.title
  return section.title[locale] ?? section.title[site.defaultLocale] ?? null
}
