import type { z } from 'zod'
import {
  DocumentResponseSchema,
  NavigationResponseSchema,
  ProblemSchema,
  ReleasesResponseSchema,
  SearchResponseSchema,
  StatusResponseSchema,
  VersionsResponseSchema,
  type DocumentResponse,
  type ProblemBody,
  type ReleasesResponse,
  type SearchResponse,
} from '../../contract/index.ts'
import { queryOf } from './query.ts'

/** The app's own `fetch`: the preview asks the public API in process, as a front end would over HTTP. */
export type AppFetch = (request: Request, env: Env) => Response | Promise<Response>

export type Releases = ReleasesResponse
export type SearchAnswer = SearchResponse
export type Document = DocumentResponse

/** A request to the API: GET unless a method and body say otherwise. */
type Init = { method?: string; body?: string; headers: Record<string, string> }

/** What the API answered: the parsed body, or the problem it reported. */
export type Answer<T> = { ok: true; body: T } | { ok: false; status: number; detail: string; location?: string }

interface ApiOptions {
  fetchApp: AppFetch
  env: Env
  /** The incoming request's origin: the requests in process look like the browser's own. */
  origin: string
  /** A `drafts:read` token, sent as a Bearer token like any front end would. */
  token: string | undefined
}

/** The public API, read in process. Every answer is checked against the shape the preview relies on. */
export class Api {
  readonly #options: ApiOptions

  constructor(options: ApiOptions) {
    this.#options = options
  }

  status = () => this.#get('/v1/status', StatusResponseSchema)
  versions = () => this.#get('/v1/versions', VersionsResponseSchema)
  /** A version of null is the default one (and the only one of a site without versions). */
  navigation = (locale: string | undefined, version: string | null, acceptLanguage?: string) =>
    this.#get(`/v1/navigation${queryString({ locale, version })}`, NavigationResponseSchema, acceptLanguage)
  /** The subtree of one item of the sidebar (`root` as a cut item names it), at the API's default depth. */
  subtree = (locale: string, version: string | null, root: string) => this.#get(`/v1/navigation${queryString({ locale, version, root })}`, NavigationResponseSchema)
  document = (slug: string, locale: string, version: string | null) =>
    this.#get(`/v1/documents/${slug.split('/').map(encodeURIComponent).join('/')}${queryString({ locale, version })}`, DocumentResponseSchema)
  releases = (query: URLSearchParams) => this.#get(`/v1/releases${query.size > 0 ? `?${query}` : ''}`, ReleasesResponseSchema)
  search = (body: { query: string; locale: string; version?: string; limit: number; filters?: { sections: string[] } }) =>
    this.#send('/v1/search', SearchResponseSchema, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } })

  #get<T>(path: string, schema: z.ZodType<T>, acceptLanguage?: string): Promise<Answer<T>> {
    return this.#send(path, schema, { headers: acceptLanguage ? { 'Accept-Language': acceptLanguage } : {} })
  }

  async #send<T>(path: string, schema: z.ZodType<T>, init: Init): Promise<Answer<T>> {
    const response = await this.#fetch(path, init)
    const json: unknown = await response.json().catch(() => null)
    // A moved document (308): the caller turns its new API URL into a page URL.
    const location = response.headers.get('Location')
    if (location !== null) return { ok: false, status: response.status, detail: 'moved', location }
    if (!response.ok) {
      const problem = ProblemSchema.safeParse(json)
      return { ok: false, status: response.status, detail: problem.success ? problemText(problem.data) : response.statusText }
    }
    const parsed = schema.safeParse(json)
    if (!parsed.success) return { ok: false, status: 503, detail: `${path} answered in a shape the preview does not know.` }
    return { ok: true, body: parsed.data }
  }

  #fetch(path: string, init: Init): Promise<Response> {
    const { fetchApp, env, origin, token } = this.#options
    const headers = { Accept: 'application/json', ...init.headers, ...(token ? { Authorization: `Bearer ${token}` } : {}) }
    return Promise.resolve(fetchApp(new Request(`${origin}${path}`, { ...init, headers }), env))
  }
}

/** `?locale=…&version=…` with the values given, or nothing. */
function queryString(values: Record<string, string | null | undefined>): string {
  const search = queryOf(values)
  return search.size > 0 ? `?${search}` : ''
}

/** A 422's field errors say what to change; its detail only that something is wrong. */
function problemText(problem: ProblemBody): string {
  return problem.errors && problem.errors.length > 0 ? problem.errors.map((error) => error.detail).join('; ') : problem.detail
}
