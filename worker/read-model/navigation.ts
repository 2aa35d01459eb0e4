import { NAVIGATION_DEFAULT_DEPTH, navName, shardOf, type NavigationBlob, type NavItem, type NavTreeNode } from '../../contract/index.ts'
import type { ReadContext } from './context.ts'

/** What a navigation read asks for: the subtree under `root` (a page's slug or a folder's key), `depth` levels deep. */
export interface NavigationAsk {
  root?: string | undefined
  depth?: number | undefined
}

/** A sidebar answer: its items, and the depth it stops at when it stops at one. */
export interface NavigationView {
  items: NavItem[]
  depth?: number
}

/**
 * The sidebar of one locale as asked: the whole tree, or the subtree of one
 * item (`root`, the item itself with its children, so that it can take the
 * place of an item whose children were left out), cut at `depth` levels.
 * A sidebar stored whole (a small locale) is answered whole unless `depth`
 * says otherwise; a split one (contract/navigation.ts) stops where its head
 * does, or NAVIGATION_DEFAULT_DEPTH levels below a root, unless `depth` says
 * otherwise, and reads only the values the answer needs. Null when `root`
 * names no item.
 */
export async function readNavigation(context: ReadContext, head: string, ask: NavigationAsk): Promise<NavigationView | null> {
  const stored = await context.store.navigation(context.manifest, head)
  // A split sidebar stops where its head does (or two levels below a root) unless asked for more.
  const split = stored.depth !== undefined
  const depth = ask.depth ?? (split ? (ask.root === undefined ? stored.depth : NAVIGATION_DEFAULT_DEPTH) : undefined)
  const reader = new TreeReader(context, depth ?? Number.POSITIVE_INFINITY)
  let items: NavItem[]
  if (ask.root === undefined) items = await reader.expand(await reader.topLevel(stored), 1)
  else {
    const found = await reader.find(stored, ask.root)
    if (!found) return null
    items = await reader.expand([found], 0)
  }
  return depth === undefined ? { items } : { items, depth }
}

/** Reads a stored sidebar down to a depth, one value at a time. */
class TreeReader {
  private readonly context: ReadContext
  private readonly depth: number

  constructor(context: ReadContext, depth: number) {
    this.context = context
    this.depth = depth
  }

  topLevel(stored: NavigationBlob): Promise<NavTreeNode[]> {
    return stored.parts ? this.parts(stored.parts) : Promise.resolve(stored.items)
  }

  /** `nodes` at level `level` (the top level is 1; a root item is 0) as the API gives them. */
  async expand(nodes: NavTreeNode[], level: number): Promise<NavItem[]> {
    return Promise.all(
      nodes.map(async (node): Promise<NavItem> => {
        const { key: _key, parts, children, ...item } = node
        const hasChildren = parts !== undefined || children.length > 0
        if (!hasChildren) return { ...item, children: [] }
        if (level >= this.depth) return { ...item, hasChildren: true, root: navName(node) ?? '', children: [] }
        return { ...item, children: await this.expand(parts ? await this.parts(parts) : children, level + 1) }
      }),
    )
  }

  /**
   * The item `name` names: a page by its slug first, else a section or folder
   * by its key; read from the value that holds it (the names say which).
   */
  async find(stored: NavigationBlob, name: string): Promise<NavTreeNode | undefined> {
    if (!stored.names) return findIn(stored.items, name)
    const shard = stored.names[shardOf(name, stored.names.length)] as string
    const places = (await this.context.store.navigationNames(shard)).places
    if (!Object.hasOwn(places, name)) return undefined
    const place = places[name]
    return findIn(place ? (await this.context.store.navigationPart(place)).items : await this.topLevel(stored), name)
  }

  private async parts(hashes: string[]): Promise<NavTreeNode[]> {
    const parts = await Promise.all(hashes.map((hash) => this.context.store.navigationPart(hash)))
    return parts.flatMap((part) => part.items)
  }
}

/** The first item of `nodes` (in reading order, not into values stored apart) with `name` as its slug, else as its key. */
function findIn(nodes: NavTreeNode[], name: string): NavTreeNode | undefined {
  return first(nodes, (node) => node.slug === name) ?? first(nodes, (node) => node.key === name)
}

function first(nodes: NavTreeNode[], matches: (node: NavTreeNode) => boolean): NavTreeNode | undefined {
  for (const node of nodes) {
    if (matches(node)) return node
    const found = first(node.children, matches)
    if (found) return found
  }
  return undefined
}
