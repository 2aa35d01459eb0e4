import type { DocumentNav, LinkRef } from '../../contract/index.ts'
import type { Navigation } from './nav.ts'
import type { NavItem } from './nav-item.ts'

/**
 * What a long-lived build takes for a change to navigation. The sidebar and
 * every page's context (breadcrumbs, siblings, prev, next) are made from the
 * NavItems alone, with the folders' own info: while no page's item changed,
 * the navigation kept is the navigation. When one did (a title, an order, a
 * page added or drafted), the navigation is made again, but each page whose
 * context came out the same keeps the very object it had, so later stages
 * (a page's document blob) tell a touched page from the others by identity.
 */
export function sameNavItems(kept: readonly NavItem[], items: readonly NavItem[]): boolean {
  if (kept.length !== items.length) return false
  for (let index = 0; index < items.length; index++) if (!sameItem(kept[index] as NavItem, items[index] as NavItem)) return false
  return true
}

/** `built`, where each context equal to the one `kept` had for the same page is that object. */
export function keepingContexts(built: Navigation, kept: Navigation | undefined): Navigation {
  if (!kept) return built
  for (const [docId, nav] of built.byDocId) {
    const before = kept.byDocId.get(docId)
    if (before && sameContext(before, nav)) built.byDocId.set(docId, before)
  }
  return built
}

// Every field of NavItem: navigation reads them all.
function sameItem(a: NavItem, b: NavItem): boolean {
  return (
    a.docId === b.docId &&
    a.slug === b.slug &&
    a.title === b.title &&
    a.url === b.url &&
    a.fallback === b.fallback &&
    a.order === b.order &&
    a.draft === b.draft &&
    a.method === b.method &&
    a.hidden === b.hidden &&
    a.prev === b.prev &&
    a.next === b.next
  )
}

function sameContext(a: DocumentNav, b: DocumentNav): boolean {
  return sameRefs(a.breadcrumbs, b.breadcrumbs) && sameRefs(a.siblings, b.siblings) && sameRef(a.parent, b.parent) && sameRef(a.prev, b.prev) && sameRef(a.next, b.next)
}

function sameRefs(a: readonly LinkRef[], b: readonly LinkRef[]): boolean {
  return a.length === b.length && a.every((ref, index) => sameRef(ref, b[index] ?? null))
}

function sameRef(a: LinkRef | null, b: LinkRef | null): boolean {
  return a === b || (a !== null && b !== null && a.slug === b.slug && a.title === b.title)
}
