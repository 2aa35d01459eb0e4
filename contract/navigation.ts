import { z } from 'zod'
import { SCHEMA_VERSION } from './version.ts'

export interface NavTreeNode {
  slug: string | null
  title: string
  children: NavTreeNode[]
}

export const NavTreeNodeSchema: z.ZodType<NavTreeNode> = z.strictObject({
  slug: z.string().nullable(),
  title: z.string(),
  get children() {
    return z.array(NavTreeNodeSchema)
  },
})

/** The public sidebar of one locale. */
export const NavigationBlobSchema = z.strictObject({
  schemaVersion: z.literal(SCHEMA_VERSION),
  items: z.array(NavTreeNodeSchema),
})
export type NavigationBlob = z.infer<typeof NavigationBlobSchema>
