import { z } from 'zod'
import { HERO_VARIANTS, type Hero } from '../../contract/index.ts'

/** A page's hero as front matter gives it: text, the image and links as their author wrote them. */
export interface HeroSource {
  /** The hero's own title; without one, the page's. */
  title: string | null
  /** The page's front matter title, which a hero without a title shows. */
  pageTitle: string | null
  tagline: string | null
  image: { src: string; alt: string } | null
  actions: Hero['actions']
  /** The file line of `hero:`, where its broken links and missing image are reported. */
  line: number
}

/**
 * `hero:` in front matter, as Starlight writes it (`title`, `tagline`,
 * `image: {file | dark | light, alt}`, `actions: [{text, link, icon?,
 * variant?}]`) and as VitePress's home layout writes it (`name`, `text`, an
 * image as a path); what neither needs is let through. A hero of the wrong
 * shape is a front matter problem at its line.
 */
export const heroFrontMatter = z.looseObject({
  title: z.string().optional(),
  tagline: z.string().optional(),
  image: z
    .union([
      z.string(),
      z.looseObject({ file: z.string().optional(), src: z.string().optional(), light: z.string().optional(), dark: z.string().optional(), alt: z.string().optional() }),
    ])
    .optional(),
  actions: z.array(z.looseObject({ text: z.string(), link: z.string(), variant: z.enum(HERO_VARIANTS).optional() })).optional(),
})
type HeroFrontMatter = z.output<typeof heroFrontMatter>

/**
 * What the renderer draws of a page's hero: Starlight's, on any page that
 * has one. A VitePress `layout: home` page's hero is its theme's, drawn from
 * front matter as a layout page (layout-page.ts), so it is none here.
 */
export function heroSource(data: { title?: string | undefined; layout?: unknown; hero?: HeroFrontMatter | undefined }, line: number): HeroSource | undefined {
  const hero = data.hero
  if (!hero || data.layout !== undefined) return undefined
  // Starlight's image: one file, or a file per color scheme, of which the light one serves a page without schemes.
  const image = typeof hero.image === 'string' ? hero.image : (hero.image?.file ?? hero.image?.src ?? hero.image?.light ?? hero.image?.dark)
  return {
    title: hero.title ?? null,
    pageTitle: data.title ?? null,
    tagline: hero.tagline ?? null,
    image: image ? { src: image, alt: (typeof hero.image === 'object' ? hero.image.alt : undefined) ?? '' } : null,
    actions: (hero.actions ?? []).map((action) => ({ text: action.text, link: action.link, variant: action.variant ?? 'primary' })),
    line,
  }
}
