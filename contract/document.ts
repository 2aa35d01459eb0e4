import { z } from 'zod'
import { ApiOperationSchema } from './api-reference.ts'

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
 * A page's hero, as Starlight's `hero:` front matter describes it (a splash
 * page's title, tagline, image and calls to action), with its image's and
 * links' URLs resolved as the page's are. The same hero opens the page's
 * `html` as `<header class="hero">`, for front ends that only show `html`.
 */
export const HeroSchema = z
  .strictObject({
    title: z.string(),
    tagline: z.string().nullable(),
    image: z.strictObject({ src: z.string(), alt: z.string() }).nullable(),
    actions: z.array(
      z.strictObject({
        text: z.string(),
        link: z.string(),
        variant: z.enum(['primary', 'secondary', 'minimal']).meta({ description: 'How prominent the action is: primary, secondary or minimal, as Starlight draws them' }),
      }),
    ),
  })
  .meta({ description: "The page's hero (Starlight's `hero:` front matter): title, tagline, image and calls to action, URLs resolved" })
export type Hero = z.infer<typeof HeroSchema>
export const HERO_VARIANTS = HeroSchema.shape.actions.element.shape.variant.options

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
  /** The page's hero (a splash page's header), or null: most pages have none. */
  hero: HeroSchema.nullable(),
  toc: z.array(TocEntrySchema),
  nav: DocumentNavSchema,
  edit: EditInfoSchema,
  draft: z.boolean(),
  /** The OpenAPI operation the page describes (an API reference's page), or null. */
  operation: ApiOperationSchema.nullable(),
})
export type DocumentBlob = z.infer<typeof DocumentBlobSchema>
