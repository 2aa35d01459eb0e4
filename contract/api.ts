import { z } from 'zod'
import { ManifestSchema } from './manifest.ts'
import { NavTreeNodeSchema } from './navigation.ts'
import { ReleaseEntrySchema } from './releases.ts'

// What the API answers, as zod schemas: the worker's routes describe their
// responses with them (and so the OpenAPI document), and the author preview,
// MCP and tests read their types from them. `.meta({ id })` names a schema
// as an OpenAPI component.

/** The site a build serves: its title, languages and where its pages live. */
export const SiteInfoSchema = ManifestSchema.shape.site.meta({ id: 'SiteInfo' })
export type SiteInfo = z.infer<typeof SiteInfoSchema>

export const StatusResponseSchema = z
  .object({
    buildId: z.string(),
    builtAt: z.string(),
    publishedAt: z.string(),
    commit: z.string().nullable(),
    schemaVersion: z.int(),
    documents: z.record(z.string(), z.int()).meta({ description: 'Published documents written in each locale (fallbacks not counted)', example: { en: 16, fr: 5 } }),
    site: SiteInfoSchema,
  })
  .meta({ id: 'Status' })
export type StatusResponse = z.infer<typeof StatusResponseSchema>

export const NavigationResponseSchema = z.object({ locale: z.string(), requestedLocale: z.string(), items: z.array(NavTreeNodeSchema) })
export type NavigationResponse = z.infer<typeof NavigationResponseSchema>

export const SearchExplanationSchema = z
  .object({
    contributions: z.array(
      z.object({
        query: z.string(),
        term: z.string(),
        kind: z.enum(['exact', 'prefix', 'typo', 'synonym']),
        field: z.enum(['title', 'heading', 'text']),
        record: z.int().meta({ description: '0 for the intro, n for the n-th heading section' }),
        score: z.number(),
      }),
    ),
    best: z.number(),
    others: z.number(),
    otherRecordsWeight: z.number(),
    sectionBoost: z.number(),
  })
  .meta({ id: 'SearchExplanation', description: 'score = (best + otherRecordsWeight × others) × sectionBoost' })
export type SearchExplanation = z.infer<typeof SearchExplanationSchema>

export const SearchHitSchema = z
  .object({
    slug: z.string(),
    title: z.string(),
    section: z.string(),
    tags: z.array(z.string()),
    heading: z.object({ id: z.string(), text: z.string() }).nullable(),
    url: z.string(),
    excerpt: z.string().meta({ description: 'HTML: the section text with matches in <mark>' }),
    score: z.number(),
    locale: z.string(),
    explain: SearchExplanationSchema.optional(),
  })
  .meta({ id: 'SearchHit' })
export type SearchHit = z.infer<typeof SearchHitSchema>

const counts = z.record(z.string(), z.int())
export const SearchFacetsSchema = z
  .object({ sections: counts, tags: counts })
  .meta({ description: 'Counts over every match, before limit' })
export const SearchResponseSchema = z.object({ results: z.array(SearchHitSchema), facets: SearchFacetsSchema })
export type SearchResponse = z.infer<typeof SearchResponseSchema>

/** A release as the API gives it: the stored entry without the draft flags of related pages. */
export const ReleaseSchema = ReleaseEntrySchema.extend({
  related: z.array(z.object({ slug: z.string(), title: z.string(), url: z.string() })),
})
export const ReleasesResponseSchema = z.object({ streams: z.array(z.object({ name: z.string(), releases: z.array(ReleaseSchema) })) })
export type ReleasesResponse = z.infer<typeof ReleasesResponseSchema>

/** An RFC 9457 problem, as every error answers. */
export const ProblemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.int(),
    detail: z.string(),
    errors: z.array(z.object({ pointer: z.string(), detail: z.string() })).optional(),
  })
  .meta({ id: 'Problem' })
export type ProblemBody = z.infer<typeof ProblemSchema>
