import semver from 'semver'
import { z } from 'zod'
import { NAVIGATION_MAX_DEPTH } from '../../contract/index.ts'

// The request fields the HTTP routes and the MCP tools both take, each rule
// written once. Plain zod: the routes add `.openapi()` metadata (which
// @hono/zod-openapi puts on every zod schema), the tools `.describe()`.

/** BCP 47 tags run from "fr" to the 35 characters RFC 5646 asks implementations to accept. */
const LOCALE_LENGTH = { min: 2, max: 35 } as const
const MAX_VERSION_NAME = 64
const MAX_QUERY = 200
export const MAX_LIMIT = 50
export const DEFAULT_LIMIT = 10
/** Section and tag names: how many in one filter, and how long each. */
const MAX_NAMES = 20
const MAX_NAME = 64
/** A semver range longer than this is no range a release list needs. */
const MAX_RANGE = 200
/** A navigation root is a slug or a folder path: no longer than a URL path a server takes. */
const MAX_ROOT = 1024

export const localeField = z
  .string()
  .min(LOCALE_LENGTH.min, `locale must be at least ${LOCALE_LENGTH.min} characters, e.g. "fr"`)
  .max(LOCALE_LENGTH.max, `locale must be at most ${LOCALE_LENGTH.max} characters`)

export const versionNameField = z.string().min(1, 'version must not be empty').max(MAX_VERSION_NAME, `version must be at most ${MAX_VERSION_NAME} characters`)

export const queryField = z
  .string()
  .trim()
  .min(1, 'query must not be empty: give the words to look for')
  .max(MAX_QUERY, `query must be at most ${MAX_QUERY} characters: keep the key words only`)

export const limitField = z.int('limit must be a whole number').min(1, 'limit must be at least 1').max(MAX_LIMIT, `limit must be at most ${MAX_LIMIT}`).default(DEFAULT_LIMIT)

/** Section or tag names, as search filters and boosts take them. */
export const namesField = z
  .array(z.string().min(1, 'a name must not be empty').max(MAX_NAME, `a name must be at most ${MAX_NAME} characters`))
  .max(MAX_NAMES, `give at most ${MAX_NAMES} names`)

export const streamField = z.string().min(1, 'stream must not be empty').max(MAX_NAME, `stream must be at most ${MAX_NAME} characters`)

export const rangeField = z
  .string()
  .max(MAX_RANGE, `version must be at most ${MAX_RANGE} characters`)
  .refine((range) => semver.validRange(range) !== null, 'version must be a semver range such as ">=2.0.0 <3", "^1.4" or "2.0.0"')

export const isoDateField = (name: 'from' | 'to') => z.iso.date({ error: `${name} must be an ISO date such as 2026-01-31` })

/** Release filters name a span of days: `from` may not come after `to`. */
type Span = { from?: string | undefined; to?: string | undefined }
export const fromNotAfterTo = {
  check: (dates: Span) => dates.from === undefined || dates.to === undefined || dates.from <= dates.to,
  message: (dates: Span) => `from (${dates.from}) is after to (${dates.to}): swap them, or leave one out.`,
}

/** The item whose subtree a navigation read gives: a page's slug, or the key of a section or folder without a page. */
export const navigationRootField = z.string().min(1, 'root must not be empty: leave it out for the whole sidebar').max(MAX_ROOT, `root must be at most ${MAX_ROOT} characters`)

/** How many levels of items a navigation read gives; a query sends it as text. */
export const navigationDepthField = z.coerce
  .number({ error: 'depth must be a whole number of levels, e.g. 2' })
  .int('depth must be a whole number of levels, e.g. 2')
  .min(1, 'depth must be at least 1')
  .max(NAVIGATION_MAX_DEPTH, `depth must be at most ${NAVIGATION_MAX_DEPTH}`)
