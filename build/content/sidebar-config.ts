import { z } from 'zod'
import { stripNumberPrefixes } from './number-prefix.ts'
import { lineOfKey } from './problems.ts'

/** A label in every locale (`Guides`), or per locale (`{en: Guides, fr: Guides FR}`); `''` is the default. */
export type SidebarLabel = string | Record<string, string>

/** One entry of the `sidebar:` of site.yml, as Starlight's configuration spells it. */
export type SidebarEntry =
  | { kind: 'page'; name: string; label: SidebarLabel | null; line: number }
  | { kind: 'link'; label: SidebarLabel; link: string; line: number }
  | { kind: 'group'; label: SidebarLabel; name: string | null; collapsed: boolean | null; items: SidebarEntry[]; line: number }
  | { kind: 'autogenerate'; directory: string; label: SidebarLabel | null; collapsed: boolean | null; line: number }

const text = z.string().min(1)
// Starlight translates a label with `translations: {fr: …}` beside it; a map of locale to label says the same.
const labelled = {
  label: z.union([text, z.record(z.string(), text)]),
  translations: z.record(z.string(), text).optional(),
}
const labelOf = (value: { label: SidebarLabel; translations?: Record<string, string> | undefined }): SidebarLabel =>
  value.translations ? { ...(typeof value.label === 'string' ? { '': value.label } : value.label), ...value.translations } : value.label
const name = text.transform((value) => value.replace(/^\/+|\/+$/g, '') || 'index')

const entrySchema: z.ZodType<SidebarEntry, unknown> = z.lazy(() =>
  z.union(
    [
      name.transform((slug): SidebarEntry => ({ kind: 'page', name: slug, label: null, line: 0 })),
      z
        .looseObject({
          ...labelled,
          label: labelled.label.optional(),
          autogenerate: z.looseObject({ directory: z.string(), collapsed: z.boolean().optional() }),
          collapsed: z.boolean().optional(),
        })
        .transform(
          (value): SidebarEntry => ({
            kind: 'autogenerate',
            directory: stripNumberPrefixes(value.autogenerate.directory.replace(/^[./]+|\/+$/g, '')),
            label: value.label === undefined ? null : labelOf({ label: value.label, translations: value.translations }),
            collapsed: value.collapsed ?? value.autogenerate.collapsed ?? null,
            line: 0,
          }),
        ),
      z
        .looseObject({ ...labelled, items: z.array(entrySchema), collapsed: z.boolean().optional(), slug: name.optional() })
        .transform((value): SidebarEntry => ({ kind: 'group', label: labelOf(value), name: value.slug ?? null, collapsed: value.collapsed ?? null, items: value.items, line: 0 })),
      z.looseObject({ ...labelled, link: text }).transform((value): SidebarEntry => ({ kind: 'link', label: labelOf(value), link: value.link, line: 0 })),
      z.looseObject({ ...labelled, label: labelled.label.optional(), slug: name }).transform(
        (value): SidebarEntry => ({
          kind: 'page',
          name: value.slug,
          label: value.label === undefined ? null : labelOf({ label: value.label, translations: value.translations }),
          line: 0,
        }),
      ),
    ],
    { error: 'must be a slug, {slug, label}, {label, items}, {label, link} or {autogenerate: {directory}}' },
  ),
)

export const sidebarSchema = z.array(entrySchema)

/** The label in `locale`, else the default one, else null. */
export function labelIn(label: SidebarLabel | null, locale: string, defaultLocale: string): string | null {
  if (label === null || typeof label === 'string') return label
  return label[locale] ?? label[''] ?? label[defaultLocale] ?? null
}

/**
 * Gives each entry the line of site.yml it is written on, for problems found
 * once the pages are known: the first line, from the previous entry's on,
 * that holds what the entry names.
 */
export function withLines(entries: SidebarEntry[], yaml: string): SidebarEntry[] {
  const lines = yaml.split('\n')
  let cursor = lineOfKey(yaml, 'sidebar', 1) - 1
  const find = (needle: string) => {
    const found = lines.findIndex((line, index) => index >= cursor && line.includes(needle))
    if (found !== -1) cursor = found
    return cursor + 1
  }
  const place = (list: SidebarEntry[]): SidebarEntry[] =>
    list.map((entry) => {
      switch (entry.kind) {
        case 'page':
          return { ...entry, line: find(entry.name) }
        case 'autogenerate':
          return { ...entry, line: find(entry.directory) }
        case 'link':
          return { ...entry, line: find(entry.link) }
        case 'group': {
          const line = find(typeof entry.label === 'string' ? entry.label : 'items')
          return { ...entry, line, items: place(entry.items) }
        }
      }
    })
  return place(entries)
}
