import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi'
import semver from 'semver'
import type { AppEnv } from '../app-env.ts'
import { CACHE_CONTROL, noneMatch, strongEtag } from '../http/etag.ts'
import { Problem } from '../http/problem.ts'
import { filterReleases } from './releases-filter.ts'
import { validationHook } from '../http/validation.ts'

const isoDate = z.iso.date({ error: 'must be an ISO date such as 2026-01-31' })

export const ReleasesQuery = z
  .object({
    stream: z
      .union([z.string().min(1), z.array(z.string().min(1))])
      .optional()
      .openapi({ description: 'Repeat to ask for several streams', example: 'stable' }),
    version: z
      .string()
      .refine((range) => semver.validRange(range) !== null, 'must be a semver range such as ">=2.0.0 <3" or "^1.4"')
      .optional()
      .openapi({ example: '^2.0.0' }),
    from: isoDate.optional(),
    to: isoDate.optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: 'must not be after "to"', path: ['from'] })

const ReleaseSchema = z.object({
  version: z.string(),
  date: z.string(),
  title: z.string(),
  html: z.string(),
  upgrade: z.object({ html: z.string() }).nullable(),
  breaking: z.boolean(),
  related: z.array(z.object({ slug: z.string(), title: z.string(), url: z.string() })),
})

/** What GET /v1/releases answers: the stored releases without the draft flags of related pages. */
export const ReleasesResponse = z.object({ streams: z.array(z.object({ name: z.string(), releases: z.array(ReleaseSchema) })) })

export const releasesRoute = createRoute({
  method: 'get',
  path: '/v1/releases',
  summary: 'Release notes by stream, newest version first',
  request: { query: ReleasesQuery },
  responses: {
    200: {
      description: 'Matching releases',
      content: { 'application/json': { schema: ReleasesResponse } },
    },
    304: { description: 'Not modified' },
    422: { description: 'Invalid query values, with JSON pointers' },
  },
})

export const releases = new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(releasesRoute, async (c) => {
  const query = c.req.valid('query')
  const manifest = await c.var.store.manifest()
  const streams = query.stream === undefined ? [] : [query.stream].flat()
  const drafts = c.var.canReadDrafts
  // The drafts view may list more related documents, so it is another representation.
  const etag = strongEtag(drafts ? `${manifest.releases}.drafts` : manifest.releases)
  const headers = { ETag: etag, 'Cache-Control': drafts ? CACHE_CONTROL.private : CACHE_CONTROL.public, Vary: 'Authorization' }
  // Validation comes first: preconditions only apply to what would be a 2xx (RFC 9110 §13.2.1).
  const unknown = streams.filter((stream) => !manifest.releaseStreams.includes(stream))
  if (unknown.length > 0) {
    const detail = `unknown stream; known streams: ${manifest.releaseStreams.join(', ')}`
    throw new Problem(422, 'The request has invalid fields.', { errors: unknown.map(() => ({ pointer: '/stream', detail })) })
  }
  if (noneMatch(c.req.header('If-None-Match'), etag)) return c.body(null, 304, headers)
  const blob = await c.var.store.releases(manifest)
  const body = filterReleases(blob, { streams, range: query.version, from: query.from, to: query.to, canReadDrafts: drafts })
  return c.json(body, 200, headers)
})
