import { byText, dataAt, isData, listAt, textAt, type Data } from './vitepress-values.ts'

/** An entry of site.yml's `sidebar:` as import writes it (sidebar-config.ts reads it). */
export type SidebarItem = { slug: string; label: Label } | { label: Label; link: string } | { label: Label; slug?: string; collapsed?: boolean; items: SidebarItem[] }

/** One text, or a text per locale code. */
type Label = string | Record<string, string>

export interface SidebarResult {
  items: SidebarItem[]
  /** Items the sidebar leaves out (a text without a link, a group without items), by their text, with why. */
  skipped: { text: string; why: string }[]
}

const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i

/**
 * VitePress's `themeConfig.sidebar` (an array, or an object of path prefix
 * to array or `{base, items}`) as one sidebar: the prefixes' sidebars one
 * after another, in the config's order. `localePrefix` is the locale's
 * folder, which its links start with and slugs leave out.
 */
export function sidebarFrom(sidebar: unknown, options: { base: string; localePrefix: string }): SidebarResult {
  const skipped: SidebarResult['skipped'] = []
  const sections = Array.isArray(sidebar)
    ? [{ base: '', items: sidebar }]
    : Object.values(dataAt(sidebar)).map((section) =>
        Array.isArray(section) ? { base: '', items: section } : { base: textAt(dataAt(section).base) ?? '', items: listAt(dataAt(section).items) },
      )
  const convert = (list: unknown[], base: string): SidebarItem[] =>
    list.filter(isData).flatMap((item): SidebarItem[] => {
      const label = textAt(item.text)
      const itemBase = textAt(item.base) ?? base
      const link = textAt(item.link)
      if (Array.isArray(item.items)) {
        const group: SidebarItem = { label: label ?? '', items: convert(item.items, itemBase) }
        if (link !== undefined && !EXTERNAL.test(link)) group.slug = slugOf(link, itemBase, options)
        if (typeof item.collapsed === 'boolean') group.collapsed = item.collapsed
        if (label === undefined) return group.items
        // The build shows no group without pages; saying so keeps the navigation equal to site.yml.
        if (group.items.length === 0 && group.slug === undefined) {
          skipped.push({ text: label, why: 'a group without items: not in the sidebar' })
          return []
        }
        return [group]
      }
      if (link === undefined || label === undefined) {
        skipped.push({ text: label ?? JSON.stringify(item), why: 'an entry without a link: not in the sidebar' })
        return []
      }
      return EXTERNAL.test(link) ? [{ label, link }] : [{ slug: slugOf(link, itemBase, options), label }]
    })
  return { items: sections.flatMap((section) => convert(section.items, section.base)), skipped }
}

/** A sidebar link as the slug of its page: base joined, site base, locale folder, extension and fragment left out; a folder is its index. */
function slugOf(link: string, base: string, options: { base: string; localePrefix: string }): string {
  let path = (link.startsWith('/') ? link : `${base.replace(/\/?$/, '/')}${link}`).replace(/[?#].*$/, '')
  if (options.base !== '/' && path.startsWith(options.base)) path = `/${path.slice(options.base.length)}`
  if (options.localePrefix && (path === `/${options.localePrefix}` || path.startsWith(`/${options.localePrefix}/`))) path = path.slice(options.localePrefix.length + 1)
  path = path.replace(/\.(md|html)$/, '').replace(/(^|\/)index$/, '$1')
  return path.replace(/^\/+|\/+$/g, '') || 'index'
}

/**
 * Another locale's sidebar laid over the default one: where both have the
 * same shape (the same pages, links and groups in the same order), each
 * label becomes a label per locale. Returns false when the shapes differ.
 */
export function withLocaleLabels(items: SidebarItem[], translated: SidebarItem[], defaultLocale: string, locale: string): SidebarItem[] | false {
  if (items.length !== translated.length) return false
  const merged: SidebarItem[] = []
  for (const [index, item] of items.entries()) {
    const other = translated[index]
    if (other === undefined || shapeOf(item) !== shapeOf(other)) return false
    const label = labelFor(item.label, other.label, defaultLocale, locale)
    if ('items' in item && 'items' in other) {
      const children = withLocaleLabels(item.items, other.items, defaultLocale, locale)
      if (children === false) return false
      merged.push({ ...item, label, items: children })
    } else {
      merged.push({ ...item, label })
    }
  }
  return merged
}

function shapeOf(item: SidebarItem): string {
  if ('items' in item) return `group:${item.slug ?? ''}:${item.items.length}`
  return 'link' in item ? `link:${item.link}` : `page:${item.slug}`
}

function labelFor(label: Label, other: Label, defaultLocale: string, locale: string): Label {
  const labels: Data = typeof label === 'string' ? { [defaultLocale]: label } : { ...label }
  const otherText = typeof other === 'string' ? other : (other[locale] ?? '')
  if (otherText !== '' && otherText !== labels[defaultLocale]) labels[locale] = otherText
  const entries = Object.entries(labels).filter((entry): entry is [string, string] => typeof entry[1] === 'string')
  return entries.length === 1 && entries[0]?.[0] === defaultLocale
    ? entries[0][1]
    : Object.fromEntries(entries.sort(([a], [b]) => (a === defaultLocale ? -1 : b === defaultLocale ? 1 : byText(a, b))))
}
