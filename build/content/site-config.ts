import { load as loadYaml } from 'js-yaml'
import { z } from 'zod'
import { lineOfKey, type ContentProblem } from './problems.ts'

const localizedText = z.union([z.string().min(1), z.record(z.string(), z.string().min(1))])

const siteSchema = z.object({
  title: z.string().min(1),
  defaultLocale: z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'must be a language tag such as "en"'),
  locales: z.record(z.string(), z.string()).optional(),
  baseUrl: z.string().startsWith('/', 'must start with "/"').default('/'),
  repo: z.url().optional(),
  editUrl: z.string().includes('{path}', { message: 'must contain "{path}"' }).optional(),
  sections: z.array(z.object({ slug: z.string().min(1), title: localizedText })).default([]),
})

export interface SiteConfig {
  title: string
  defaultLocale: string
  /** Locale codes, the default first. */
  locales: string[]
  baseUrl: string
  editUrl: string | null
  sections: Array<{ slug: string; title: string | Record<string, string> }>
}

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
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.error.issues.map((issue) => {
        const key = String(issue.path[0] ?? '')
        return { path: SITE_FILE, line: lineOfKey(text, key, 1), message: `${issue.path.join('.') || 'site'}: ${issue.message}` }
      }),
    }
  }
  const data = parsed.data
  const otherLocales = Object.keys(data.locales ?? {}).filter((locale) => locale !== data.defaultLocale)
  const baseUrl = data.baseUrl.endsWith('/') ? data.baseUrl : `${data.baseUrl}/`
  return {
    ok: true,
    site: {
      title: data.title,
      defaultLocale: data.defaultLocale,
      locales: [data.defaultLocale, ...otherLocales],
      baseUrl,
      editUrl: data.editUrl ?? null,
      sections: data.sections,
    },
  }
}

export function sectionTitle(site: SiteConfig, slug: string, locale: string): string | null {
  const section = site.sections.find((candidate) => candidate.slug === slug)
  if (!section) return null
  if (typeof section.title === 'string') return section.title
  return section.title[locale] ?? section.title[site.defaultLocale] ?? null
}
