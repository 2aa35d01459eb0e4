import { z } from 'zod'
import { SCHEMA_VERSION } from './version.ts'

/** One sidebar entry: a page, or a folder or section (with children), which may have an index page. */
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
  /**
   * Present only when the author said so (a Docusaurus `_category_` file, an
   * explicit `sidebar:` group): whether the group starts folded.
   */
  collapsed?: boolean | undefined
  children: NavTreeNode[]
}

export const NavTreeNodeSchema: z.ZodType<NavTreeNode> = z.strictObject({
  title: z.string(),
  slug: z.string().nullable(),
  url: z.string().nullable(),
  fallback: z.boolean(),
  draft: z.boolean(),
  collapsed: z.boolean().optional(),
  get children() {
    return z.array(NavTreeNodeSchema)
  },
})

/** The sidebar of one locale, in build order. */
export const NavigationBlobSchema = z.strictObject({
  schemaVersion: z.literal(SCHEMA_VERSION),
  items: z.array(NavTreeNodeSchema),
})
export type NavigationBlob = z.infer<typeof NavigationBlobSchema>
