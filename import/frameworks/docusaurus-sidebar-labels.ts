// Docusaurus translates sidebar category labels in
// `i18n/<locale>/docusaurus-plugin-content-docs/current.json`
// (`"sidebar.<sidebar>.category.<label>": {"message": "…"}`); site.yml says
// the same with a label per locale.
import type { ImportedEntry } from '../../build/content/docusaurus-sidebar.ts'
import { isRecord, recordAt, textAt } from './config-values.ts'

export type TranslatedEntry = ImportedEntry | { label: string | Record<string, string>; items: TranslatedEntry[]; collapsed?: boolean; slug?: string }

/** `entries` with each category label that some locale translates given as a map of locale to label. */
export function translateCategories(entries: ImportedEntry[], sidebar: string, defaultLocale: string, translations: Record<string, string | undefined>): TranslatedEntry[] {
  const messages = Object.entries(translations).flatMap(([locale, text]): Array<[string, Record<string, unknown>]> => {
    if (text === undefined) return []
    try {
      const parsed: unknown = JSON.parse(text)
      return isRecord(parsed) ? [[locale, parsed]] : []
    } catch {
      return []
    }
  })
  const translate = (entry: ImportedEntry): TranslatedEntry => {
    if (typeof entry === 'string' || !('items' in entry)) return entry
    const items = entry.items.map(translate)
    const labels = messages.flatMap(([locale, table]) => {
      const message = textAt(recordAt(table[`sidebar.${sidebar}.category.${entry.label}`]).message)
      return message === undefined ? [] : [[locale, message]]
    })
    return labels.length === 0 ? { ...entry, items } : { ...entry, label: Object.fromEntries([[defaultLocale, entry.label], ...labels]), items }
  }
  return entries.map(translate)
}
