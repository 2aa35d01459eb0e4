import { z } from 'zod'
import type { NavTreeNode } from './navigation.ts'
import { HTTP_METHODS } from './api-reference.ts'
import { DocumentBlobSchema } from './document.ts'
import { ManifestSchema } from './manifest.ts'
import { ReleaseEntrySchema } from './releases.ts'
import { VERSION_ALIASES, VersionStatusSchema } from './versions.ts'

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

/** On a site with named versions, the version a body was read from. */
const servedVersion = z.string().optional().meta({ description: 'The version served (on a site with named versions)', example: '2.x' })

/** A document as the API serves it: the stored body, and on a versioned site where the page lives in the other versions. */
export const DocumentResponseSchema = DocumentBlobSchema.extend({
  version: servedVersion,
  versions: z
    .array(z.strictObject({ version: z.string(), slug: z.string(), url: z.string() }))
    .optional()
    .meta({ description: 'This page in every other version where it exists, following renames and redirects' }),
  canonical: z.string().nullable().optional().meta({ description: 'Its URL in the default version, when it exists there' }),
})
export type DocumentResponse = z.infer<typeof DocumentResponseSchema>

/** A sidebar entry as the API gives it: what is stored, and where the answer stopped, how to read on. */
export interface NavItem extends Omit<NavTreeNode, 'key' | 'children' | 'parts'> {
  /** Set, with `children` empty, when the item has children the answer left out (its depth was reached). */
  hasChildren?: true | undefined
  /** With `hasChildren`: what `?root=` takes to read the item's subtree (its slug, else its folder's key). */
  root?: string | undefined
  children: NavItem[]
}

export const NavItemSchema: z.ZodType<NavItem> = z.object({
  title: z.string(),
  slug: z.string().nullable(),
  url: z.string().nullable().meta({ description: "The page's URL, an outside link of the sidebar, or null for a group" }),
  fallback: z.boolean().meta({ description: 'Shown in the default locale: this locale has no translation' }),
  draft: z.boolean(),
  method: z.enum(HTTP_METHODS).optional().meta({ description: "An API reference operation's HTTP method, for a badge beside its title" }),
  collapsed: z.boolean().optional().meta({ description: 'Present when the author said whether the group starts folded' }),
  hasChildren: z.literal(true).optional().meta({ description: 'The item has children this answer left out (children is empty): read them with ?root=' }),
  root: z.string().optional().meta({ description: "With hasChildren: the value of ?root= that reads this item's subtree" }),
  get children() {
    return z.array(NavItemSchema)
  },
})

export const NavigationResponseSchema = z.object({
  locale: z.string(),
  requestedLocale: z.string(),
  version: servedVersion,
  depth: z.int().optional().meta({ description: 'The levels of items given, when the answer stops at a depth (asked for, or the default of a large sidebar)' }),
  items: z.array(NavItemSchema),
})
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
    operation: z
      .object({ method: z.string(), path: z.string() })
      .nullable()
      .meta({ description: 'The API operation the document describes (method in capitals, path as in the OpenAPI document); null for other documents' }),
    explain: SearchExplanationSchema.optional(),
  })
  .meta({ id: 'SearchHit' })
export type SearchHit = z.infer<typeof SearchHitSchema>

const counts = z.record(z.string(), z.int())
export const SearchFacetsSchema = z.object({ sections: counts, tags: counts }).meta({ description: 'Counts over every match, before limit' })
export const SearchResponseSchema = z.object({ version: servedVersion, results: z.array(SearchHitSchema), facets: SearchFacetsSchema })
export type SearchResponse = z.infer<typeof SearchResponseSchema>

/** A release as the API gives it: the stored entry without the draft flags of related pages. */
export const ReleaseSchema = ReleaseEntrySchema.extend({
  related: z.array(z.object({ slug: z.string(), title: z.string(), url: z.string() })),
})
export const ReleasesResponseSchema = z.object({ streams: z.array(z.object({ name: z.string(), releases: z.array(ReleaseSchema) })) })
export type ReleasesResponse = z.infer<typeof ReleasesResponseSchema>

export const VersionsResponseSchema = z
  .object({
    default: z.string().nullable().meta({ description: 'The version served when a request names none (alias latest); null on a site without versions' }),
    versions: z.array(
      z.object({
        name: z.string().nullable(),
        label: z.string().nullable(),
        status: VersionStatusSchema,
        aliases: z.array(z.enum(VERSION_ALIASES)),
        documents: z.record(z.string(), z.int()).meta({ description: 'Published documents written in each locale' }),
      }),
    ),
  })
  .meta({ id: 'Versions' })
export type VersionsResponse = z.infer<typeof VersionsResponseSchema>

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
