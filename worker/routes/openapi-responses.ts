import { z } from '@hono/zod-openapi'
import { ProblemSchema } from '../../contract/index.ts'
import { ASSET_SECURITY_HEADERS } from '../http/asset-security.ts'
import { MAX_BODY_BYTES } from '../http/body-limit.ts'
import { localeField, versionNameField } from '../http/request-fields.ts'

// What every operation's OpenAPI description shares: the headers its answers
// carry and the problems it can answer with, each written once.

const header = (description: string) => ({ description, schema: { type: 'string' as const } })

/** Response headers, by name, as the routes set them. */
const HEADERS = {
  ETag: header('Strong validator of this representation: send it back in If-None-Match for a 304'),
  'Cache-Control': header('How long shared caches may keep the answer; `private, no-store` when a token showed drafts'),
  Vary: header('The request headers that chose this representation'),
  'Content-Language': header('The locale of the text served (the default locale on a fallback)'),
  Link: header(
    '`<…>; rel="alternate"; type=…` names the same page in the other format (its Markdown, or its JSON), and `<…/llms.txt>; rel="describedby"` the site\'s index for agents',
  ),
  Location: header('Where the page lives now, with the same query and `.md` suffix'),
  'Retry-After': header('Seconds to wait before trying again'),
  'WWW-Authenticate': header('`Bearer error="invalid_token"`, with what was wrong'),
  'Content-Security-Policy': header(`\`${ASSET_SECURITY_HEADERS['Content-Security-Policy']}\`: an author's file opened directly runs nothing`),
  'X-Content-Type-Options': header(`\`${ASSET_SECURITY_HEADERS['X-Content-Type-Options']}\`: browsers keep to the declared Content-Type`),
} as const

/** `?version=` (and the search body's `version`): a version's name or an alias. */
export const versionQuery = versionNameField
  .optional()
  .openapi({ description: 'A version name, or the alias latest (the default) or next; an unknown one answers 404 listing the versions', example: 'latest' })

/** The query of the routes that read one locale: `?locale=` overrides Accept-Language. */
export const localeQuery = z.object({ locale: localeField.optional().openapi({ example: 'fr' }), version: versionQuery })

/** The request headers a negotiated, conditional read takes. */
export const conditionalHeaders = z.object({ 'accept-language': z.string().optional(), 'if-none-match': z.string().optional() })

type HeaderName = keyof typeof HEADERS
export const headers = (...names: HeaderName[]) => Object.fromEntries(names.map((name) => [name, HEADERS[name]]))

/** A validated read's conditional answer. */
export const notModified = {
  304: { description: 'Not modified: the If-None-Match validator is current; no body', headers: headers('ETag', 'Cache-Control', 'Vary', 'Content-Language') },
}

const PROBLEMS = {
  400: { description: 'The body is not JSON' },
  401: { description: 'A token was sent and is not valid', headers: headers('WWW-Authenticate') },
  404: { description: 'Nothing published has this name (a draft without the drafts scope answers the same), or no version has the name asked for' },
  406: { description: 'Accept excludes every format this path answers with' },
  413: { description: `The body is over ${MAX_BODY_BYTES / 1024} KiB` },
  415: { description: 'The body is not application/json' },
  422: { description: 'Invalid fields, each with a JSON Pointer in `errors`' },
  503: { description: 'Nothing is published yet, storage is unavailable, or the service is misconfigured', headers: headers('Retry-After') },
} as const

type ProblemStatus = keyof typeof PROBLEMS

/** RFC 9457 answers, with the Problem schema, for the statuses an operation can answer with. */
export function problems(...statuses: ProblemStatus[]) {
  return Object.fromEntries(statuses.map((status) => [status, { ...PROBLEMS[status], content: { 'application/problem+json': { schema: ProblemSchema } } }])) as Record<
    ProblemStatus,
    { description: string; content: { 'application/problem+json': { schema: typeof ProblemSchema } } }
  >
}
