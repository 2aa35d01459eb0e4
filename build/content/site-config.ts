import { load as loadYaml } from 'js-yaml'
import { z } from 'zod'
import { lineOfKey, type ContentProblem } from './problems.ts'

const localizedText = z.union([z.string().min(1), z.record(z.string(), z.string().min(1))])

const localeCode = z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'must be a language tag such as "en"')

/** Code to label; a plain list labels each locale with its code. */
const localeLabels = z
  .union([z.array(localeCode).min(1), z.record(localeCode, z.string().min(1))], {
    error: 'must be a list of locale codes such as [en, fr] or a map of code to label such as {en: English, fr: Français}',
  })
  .transform((locales) => (Array.isArray(locales) ? Object.fromEntries(locales.map((code) => [code, code])) : locales))

const siteSchema = z
  .object({
    title: z.string().min(1),
    description: z.string().optional(),
    defaultLocale: localeCode,
    locales: localeLabels.optional(),
    baseUrl: z.string().startsWith('/', 'must start with "/"').default('/'),
    repo: z.url().optional(),
    editUrl: z.string().includes('{path}', { message: 'must contain "{path}"' }).optional(),
    sections: z.array(z.object({ slug: z.string().min(1), title: localizedText })).default([]),
    // `warn` lets a folder brought over from another tool build with a few
    // broken links; a link to a draft stays an error, so drafts never leak.
    links: z.enum(['warn', 'error']).default('error'),
  })
  .transform((data, ctx) => {
    const labels = data.locales ?? { [data.defaultLocale]: data.defaultLocale }
    // Adding it silently would publish a locale the author left out, or hide a typo in either key.
    if (!Object.hasOwn(labels, data.defaultLocale)) {
      ctx.issues.push({ code: 'custom', input: data.locales, path: ['locales'], message: `must list the default locale "${data.defaultLocale}"` })
      return z.NEVER
    }
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
    }
  })

export type SiteConfig = z.output<typeof siteSchema>

export type SiteResult = { ok: true; site: SiteConfig } | { ok: false; problems: ContentProblem[] }

export const SITE_FILE = 'site.yml'

/** Parses and validates `site.yml`; every problem comes back with its line. */
export function parseSiteConfig(text: string): SiteResult {
  let raw: unknown
  try {
    raw = loadYaml(text) ?? {}
  } catch (error) {
    const mark = (error as { mark?: { line: number } }).mark
    return { ok: false, problems: [{ path: SITE_FILE, line: (mark?.line ?? 0) + 1, message: `invalid YAML: ${(error as Error).message.split('\n')[0]}` }] }
  }
  const parsed = siteSchema.safeParse(raw)
  if (parsed.success) return { ok: true, site: parsed.data }
  return {
    ok: false,
    problems: parsed.error.issues.map((issue) => {
      const key = String(issue.path[0] ?? '')
      return { path: SITE_FILE, line: lineOfKey(text, key, 1), message: `${issue.path.join('.') || 'site'}: ${issue.message}` }
    }),
  }
}

export function sectionTitle(site: SiteConfig, slug: string, locale: string): string | null {
  const section = site.sections.find((candidate) => candidate.slug === slug)
  if (!section) return null
  if (typeof section.title === 'string') return section.title
  return section.title[locale] ?? section.title[site.defaultLocale] ?? null
}
