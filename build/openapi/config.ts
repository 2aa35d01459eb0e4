import { posix } from 'node:path'
import { z } from 'zod'

/**
 * An OpenAPI document listed under `openapi:` in site.yml. `section` is the first segment of its pages'
 * slugs (default `api`); `slugPrefix` the folder its pages live in (default: the section, or the section
 * and the file's name when the site lists several APIs); `title` the API overview's title (default: the
 * document's `info.title`); `draft` makes every page of the API a draft.
 */
export const apiEntrySchema = z.strictObject({
  path: z
    .string()
    .min(1)
    .refine((path) => !path.startsWith('/') && !path.split('/').includes('..'), 'must be a file inside the content folder, such as openapi/api.yaml')
    .refine((path) => /\.(ya?ml|json)$/.test(path), 'must be a .yaml, .yml or .json file'),
  section: z
    .string()
    .regex(/^[a-z0-9][a-z0-9._-]*$/i, 'must be one slug segment, such as api')
    .optional(),
  slugPrefix: z
    .string()
    .transform((prefix) => prefix.replace(/^\/+|\/+$/g, ''))
    .refine((prefix) => prefix !== '' && prefix.split('/').every((segment) => /^[a-z0-9][a-z0-9._-]*$/i.test(segment)), 'must be a slug such as api/payments')
    .optional(),
  title: z.string().min(1).optional(),
  // The whole API as drafts, as `draft: true` in a section's index page makes that page one: an API not yet public.
  draft: z.boolean().optional(),
})

export type ApiEntry = z.output<typeof apiEntrySchema>

/** An entry with its defaults resolved, and the line site.yml lists it on. */
export interface ApiSource {
  path: string
  slugPrefix: string
  title: string | null
  draft: boolean
  line: number
}

export function resolveApiEntries(entries: readonly ApiEntry[], lineOf: (index: number) => number): ApiSource[] {
  return entries.map((entry, index) => {
    const section = entry.section ?? 'api'
    const name = posix.basename(entry.path).replace(/\.(ya?ml|json)$/, '')
    const slugPrefix = entry.slugPrefix ?? (entries.length === 1 ? section : `${section}/${name}`)
    return { path: entry.path, slugPrefix, title: entry.title ?? null, draft: entry.draft ?? false, line: lineOf(index) }
  })
}

/** Where a translation of an API's document lives: `openapi/shop.de.yaml` beside `openapi/shop.yaml`. */
export function translatedPath(path: string, locale: string): string {
  return path.replace(/(\.(ya?ml|json))$/, `.${locale}$1`)
}
