import { z } from 'zod'
import { HTTP_METHODS, type HttpMethod } from './api-reference.ts'
import { BlobHashSchema } from './hash.ts'
import { SCHEMA_VERSION } from './version.ts'

/**
 * The stored sidebar's size line, in bytes of JSON (one owner). A locale whose
 * whole sidebar fits is stored as one value and answered whole, as small sites
 * always were (about 2,000 pages). A larger one is stored split: a head with
 * the top of the tree, and parts of at most about this size each, so a subtree
 * read reads only its parts and no value comes near KV's limits or an isolate's
 * memory (a 100,000-page sidebar is tens of megabytes of JSON). 256 KiB keeps the
 * head, with the manifest and a version's tables, inside the 512 KiB a cold
 * isolate may read before its first answer.
 */
export const NAVIGATION_VALUE_BYTES = 256 * 1024

/** Levels of items below its root a subtree of a split sidebar answers with when a request gives no `depth`. */
export const NAVIGATION_DEFAULT_DEPTH = 2

/** The deepest `depth` a request may ask for; no sidebar made from folders is deeper. */
export const NAVIGATION_MAX_DEPTH = 32

/** One sidebar entry as stored: a page, or a folder or section (with children), which may have an index page. */
export interface NavTreeNode {
  title: string
  slug: string | null
  /**
   * The page's public URL, as links and search results give it; with no slug,
   * an outside link that site.yml's `sidebar:` lists (`https://…`), or null for a group.
   */
  url: string | null
  /** The page is shown in the default locale because this locale has no translation. */
  fallback: boolean
  draft: boolean
  /** An API reference operation's HTTP method, so that a sidebar can show it as a badge. */
  method?: HttpMethod | undefined
  /**
   * Present only when the author said so (a Docusaurus `_category_` file, an
   * explicit `sidebar:` group): whether the group starts folded.
   */
  collapsed?: boolean | undefined
  /**
   * What `?root=` names a section, folder or group without an index page by:
   * its folder path (`reference/limits`), or for a group of site.yml's
   * `sidebar:`, its parent's name and its label as a slug (`tutorials/first-steps`).
   */
  key?: string | undefined
  children: NavTreeNode[]
  /** In a split sidebar, the NavigationPart values that hold the children, in order (`children` is then empty). */
  parts?: string[] | undefined
}

export const NavTreeNodeSchema: z.ZodType<NavTreeNode> = z.strictObject({
  title: z.string(),
  slug: z.string().nullable(),
  url: z.string().nullable(),
  fallback: z.boolean(),
  draft: z.boolean(),
  method: z.enum(HTTP_METHODS).optional(),
  collapsed: z.boolean().optional(),
  key: z.string().min(1).optional(),
  get children() {
    return z.array(NavTreeNodeSchema)
  },
  parts: z.array(BlobHashSchema).min(1).optional(),
})

/**
 * The sidebar of one locale, in build order: the whole tree when it fits
 * NAVIGATION_VALUE_BYTES; else its top levels (`items`, or `parts` when even
 * the top level is too long), with `names` to find any item's part by its name.
 */
export const NavigationBlobSchema = z.strictObject({
  schemaVersion: z.literal(SCHEMA_VERSION),
  items: z.array(NavTreeNodeSchema),
  /** The top-level items, stored apart (`items` is then empty). */
  parts: z.array(BlobHashSchema).min(1).optional(),
  /**
   * Present when the sidebar is split: how many levels of the tree the head
   * holds (as many as fit in half the size line), which is where an answer
   * without `root` or `depth` stops.
   */
  depth: z.int().min(1).optional(),
  /** NavigationNames shards (by `shardOf(name)`): present when the sidebar is split. */
  names: z.array(BlobHashSchema).min(1).optional(),
})
export type NavigationBlob = z.infer<typeof NavigationBlobSchema>

/** A run of sibling items of a split sidebar, with what of their subtrees fits beside them. */
export const NavigationPartSchema = z.strictObject({ schemaVersion: z.literal(SCHEMA_VERSION), items: z.array(NavTreeNodeSchema) })
export type NavigationPart = z.infer<typeof NavigationPartSchema>

/**
 * Where each item of a split sidebar is stored, by name (a page's slug, else
 * the item's `key`): the NavigationPart whose items hold it (at any depth of
 * that value), or null for the head. A name two items share names the first.
 */
export const NavigationNamesSchema = z.strictObject({ schemaVersion: z.literal(SCHEMA_VERSION), places: z.record(z.string(), BlobHashSchema.nullable()) })
export type NavigationNames = z.infer<typeof NavigationNamesSchema>

/** The name `?root=` takes for an item: a page's slug, else the key of a section or folder without a page. */
export function navName(node: Pick<NavTreeNode, 'slug' | 'key'>): string | null {
  return node.slug ?? node.key ?? null
}
