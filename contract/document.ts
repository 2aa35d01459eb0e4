import { z } from 'zod'

export const LinkRefSchema = z.strictObject({ slug: z.string(), title: z.string() })
export type LinkRef = z.infer<typeof LinkRefSchema>

export interface TocEntry {
  depth: number
  id: string
  text: string
  children: TocEntry[]
}

export const TocEntrySchema: z.ZodType<TocEntry> = z.strictObject({
  depth: z.int().min(1).max(6),
  id: z.string(),
  text: z.string(),
  get children() {
    return z.array(TocEntrySchema)
  },
})

export const DocumentNavSchema = z.strictObject({
  breadcrumbs: z.array(LinkRefSchema),
  parent: LinkRefSchema.nullable(),
  siblings: z.array(LinkRefSchema),
  prev: LinkRefSchema.nullable(),
  next: LinkRefSchema.nullable(),
})
export type DocumentNav = z.infer<typeof DocumentNavSchema>

export const EditInfoSchema = z.strictObject({
  url: z.string().nullable(),
  lastModified: z.string().nullable(),
  author: z.string().nullable(),
  commit: z.string().nullable(),
})
export type EditInfo = z.infer<typeof EditInfoSchema>

/**
 * One stored document variant, which is also the response body, served as
 * stored. It carries no version field of its own: only a manifest of the
 * right schema version names it, and the strict shape refuses any other.
 */
export const DocumentBlobSchema = z.strictObject({
  slug: z.string(),
  /** The locale served, the one asked for, and whether the first is a fallback. */
  locale: z.string(),
  requestedLocale: z.string(),
  fallback: z.boolean(),
  translations: z.array(z.strictObject({ locale: z.string(), slug: z.string() })),
  title: z.string(),
  description: z.string().nullable(),
  section: z.string(),
  tags: z.array(z.string()),
  html: z.string(),
  toc: z.array(TocEntrySchema),
  nav: DocumentNavSchema,
  edit: EditInfoSchema,
  draft: z.boolean(),
})
export type DocumentBlob = z.infer<typeof DocumentBlobSchema>
