import { NAVIGATION_VALUE_BYTES, SCHEMA_VERSION, shardOf, type NavigationBlob, type NavigationNames, type NavigationPart, type NavTreeNode } from '../../contract/index.ts'

/** Where the values of a sidebar go: each is stored as a blob, named by its hash. */
type Store = (value: NavigationBlob | NavigationPart | NavigationNames) => string

interface Packed {
  node: NavTreeNode
  /** The node's JSON, in UTF-8 bytes, as it will be stored. */
  bytes: number
}

/**
 * A locale's sidebar as stored values: one value holding the whole tree when
 * its JSON fits `maxBytes` (as small sites always were), else split (see
 * NavigationBlobSchema). The head holds the top levels of the tree, as many
 * as fit in half of `maxBytes` (at least one): the answer without `root` reads
 * it alone. Below them, a children list larger than half of `maxBytes` is
 * stored apart, in parts of about `maxBytes`, deepest first, so each part
 * holds a run of siblings with as much of their subtrees as fits beside them.
 * Returns the head's hash.
 */
export function storeNavigation(tree: NavTreeNode[], store: Store, maxBytes = NAVIGATION_VALUE_BYTES): string {
  const whole: NavigationBlob = { schemaVersion: SCHEMA_VERSION, items: tree }
  if (jsonBytes(whole) <= maxBytes) return store(whole)
  const inlineLimit = Math.floor(maxBytes / 2)
  const depth = headDepth(tree, inlineLimit)
  const partItems = new Map<string, NavTreeNode[]>()
  const storeRun = (run: Packed[]) => {
    const items = run.map((packed) => packed.node)
    const hash = store({ schemaVersion: SCHEMA_VERSION, items } satisfies NavigationPart)
    partItems.set(hash, items)
    return hash
  }
  const storeApart = (children: Packed[]) => runs(children, maxBytes).map(storeRun)
  const pack = (node: NavTreeNode): Packed => {
    const children = node.children.map(pack)
    const childBytes = listBytes(children)
    const packed = childBytes > inlineLimit ? { ...node, children: [], parts: storeApart(children) } : { ...node, children: children.map((child) => child.node) }
    const ownBytes = jsonBytes({ ...packed, children: [] }) - 2
    return { node: packed, bytes: ownBytes + (packed.parts ? 2 : childBytes) }
  }
  // The head's levels keep their children; the items of its last level with children have them stored apart.
  const headItems = (nodes: NavTreeNode[], level: number): NavTreeNode[] =>
    nodes.map((node) => {
      if (node.children.length === 0) return node
      if (level < depth) return { ...node, children: headItems(node.children, level + 1) }
      return { ...node, children: [], parts: storeApart(node.children.map(pack)) }
    })
  const items = headItems(tree, 1)
  const top = items.map((node) => ({ node, bytes: jsonBytes(node) }))
  // Only a top level longer than the head can hold (thousands of pages outside any folder) is stored apart.
  const head: NavigationBlob = listBytes(top) > maxBytes ? { schemaVersion: SCHEMA_VERSION, items: [], parts: storeApart(top) } : { schemaVersion: SCHEMA_VERSION, items }
  return store({ ...head, depth, names: nameShards(placesOf(head, partItems), maxBytes).map(store) })
}

/** How many levels of the tree fit in `limit` bytes of JSON with the rest stored apart: at least one. */
function headDepth(tree: NavTreeNode[], limit: number): number {
  let bytes = 0
  let depth = 0
  for (let level = tree; level.length > 0; level = level.flatMap((node) => node.children)) {
    // Each item, and for one whose children would be stored apart, the name of a part.
    bytes += level.reduce((sum, node) => sum + jsonBytes({ ...node, children: [] }) + 1, 0)
    const apart = level.filter((node) => node.children.length > 0).length * PART_NAME_BYTES
    if (depth > 0 && bytes + apart > limit) break
    depth++
  }
  return Math.max(depth, 1)
}

/** `,"parts":["…32 hex digits…"]`: what an item whose children are stored apart adds to its value. */
const PART_NAME_BYTES = 46

/**
 * Where each item is stored, by name, in reading order: a page's slug wins
 * over a folder's key of the same text, and otherwise the first item wins
 * (a sidebar lists a page twice only when site.yml's `sidebar:` does).
 */
function placesOf(head: NavigationBlob, partItems: Map<string, NavTreeNode[]>): Map<string, string | null> {
  const inReadingOrder: Array<{ node: NavTreeNode; place: string | null }> = []
  const visit = (list: NavTreeNode[], place: string | null) => {
    for (const node of list) {
      inReadingOrder.push({ node, place })
      if (node.parts) for (const part of node.parts) visit(partItems.get(part) ?? [], part)
      else visit(node.children, place)
    }
  }
  if (head.parts) for (const part of head.parts) visit(partItems.get(part) ?? [], part)
  else visit(head.items, null)
  const places = new Map<string, string | null>()
  for (const { node, place } of inReadingOrder) if (node.slug !== null && !places.has(node.slug)) places.set(node.slug, place)
  for (const { node, place } of inReadingOrder) if (node.key !== undefined && !places.has(node.key)) places.set(node.key, place)
  return places
}

/** `list` cut into runs of about `maxBytes` of JSON each, in order. */
function runs(list: Packed[], maxBytes: number): Packed[][] {
  const out: Packed[][] = []
  let run: Packed[] = []
  let bytes = 0
  for (const packed of list) {
    if (run.length > 0 && bytes + packed.bytes + 1 > maxBytes) {
      out.push(run)
      run = []
      bytes = 0
    }
    run.push(packed)
    bytes += packed.bytes + 1
  }
  if (run.length > 0) out.push(run)
  return out
}

/** The names, in shards of about `maxBytes / 2` each, by `shardOf`. */
function nameShards(places: Map<string, string | null>, maxBytes: number): NavigationNames[] {
  let bytes = 0
  for (const [name, place] of places) bytes += Buffer.byteLength(name) + (place === null ? 4 : 34) + 4
  const count = Math.max(1, Math.ceil(bytes / (maxBytes / 2)))
  const shards = Array.from({ length: count }, (): NavigationNames => ({ schemaVersion: SCHEMA_VERSION, places: {} }))
  for (const [name, place] of places) (shards[shardOf(name, count)] as NavigationNames).places[name] = place
  return shards
}

function listBytes(list: Packed[]): number {
  return list.reduce((sum, packed) => sum + packed.bytes, 2) + Math.max(0, list.length - 1)
}

function jsonBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value))
}
