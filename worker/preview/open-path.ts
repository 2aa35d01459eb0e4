import type { NavItem } from '../../contract/index.ts'

/** The page a sidebar is drawn for: its slug, and the slugs of the pages above it (its breadcrumbs). */
export interface PagePlace {
  slug: string
  trail: string[]
}

/** Reads one cut item's subtree: the item itself with its children, or null when the API cannot say. */
export type ReadSubtree = (root: string) => Promise<NavItem | null>

// Each round opens one level of the way down; no real sidebar is deeper.
const MAX_ROUNDS = 16

/**
 * The sidebar with the way to the page open, as Docusaurus and Starlight show
 * it. A large sidebar is answered cut a few levels down (items with
 * `hasChildren` and a `root`); the cut items on the way to the page are read
 * with `?root=` and put in their place, level by level, until none is left.
 * On the way are the page's breadcrumbs and the page itself (by slug), and
 * folders without a page, named by their path, that the slug lies under.
 * Every other cut item stays cut: the sidebar opens it when asked.
 */
export async function openTowards(items: NavItem[], place: PagePlace, read: ReadSubtree): Promise<NavItem[]> {
  const onTheWay = (root: string) => root === place.slug || place.trail.includes(root) || place.slug.startsWith(`${root}/`)
  const tried = new Set<string>()
  let tree = items
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const roots = cutRoots(tree).filter((root) => onTheWay(root) && !tried.has(root))
    if (roots.length === 0) break
    for (const root of roots) tried.add(root)
    const answers = await Promise.all(roots.map(async (root) => [root, await read(root)] as const))
    const found = new Map(answers.flatMap(([root, item]) => (item === null ? [] : [[root, item] as const])))
    tree = graft(tree, found)
  }
  return tree
}

/** The `root` of every cut item of a tree, in reading order. */
function cutRoots(items: NavItem[]): string[] {
  return items.flatMap((item) => [...(item.hasChildren && item.root !== undefined ? [item.root] : []), ...cutRoots(item.children)])
}

/** The tree with each cut item that `found` has a subtree for replaced by it. */
function graft(items: NavItem[], found: Map<string, NavItem>): NavItem[] {
  return items.map((item) => {
    const subtree = item.hasChildren && item.root !== undefined ? found.get(item.root) : undefined
    return subtree ?? { ...item, children: graft(item.children, found) }
  })
}
