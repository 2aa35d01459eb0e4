import { z } from 'zod'
import { DocumentBlobSchema, NavTreeNodeSchema } from '../../contract/index.ts'
import { ReleasesResponse } from '../routes/releases.ts'

/** The app's own `fetch`: the preview asks the public API in process, as a front end would over HTTP. */
export type AppFetch = (request: Request, env: Env) => Response | Promise<Response>

const StatusSchema = z.object({ buildId: z.string(), documents: z.record(z.string(), z.int()) })
const NavigationSchema = z.object({ locale: z.string(), items: z.array(NavTreeNodeSchema) })
const SearchSchema = z.object({
  results: z.array(
    z.object({
      title: z.string(),
      section: z.string(),
      heading: z.object({ id: z.string(), text: z.string() }).nullable(),
      url: z.string(),
      excerpt: z.string(),
    }),
  ),
  // Counts over all matches (issue #12); older workers leave them out.
  facets: z.object({ sections: z.record(z.string(), z.int()) }).optional(),
})
const ProblemSchema = z.object({ detail: z.string(), errors: z.array(z.object({ detail: z.string() })).optional() })

export type Releases = z.infer<typeof ReleasesResponse>
export type SearchAnswer = z.infer<typeof SearchSchema>
export type Document = z.infer<typeof DocumentBlobSchema>

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

  status = () => this.#get('/v1/status', StatusSchema)
  navigation = (locale?: string, acceptLanguage?: string) =>
    this.#get(`/v1/navigation${locale ? `?locale=${encodeURIComponent(locale)}` : ''}`, NavigationSchema, acceptLanguage)
  document = (slug: string, locale: string) =>
    this.#get(`/v1/documents/${slug.split('/').map(encodeURIComponent).join('/')}?locale=${encodeURIComponent(locale)}`, DocumentBlobSchema)
  releases = (query: URLSearchParams) => this.#get(`/v1/releases${query.size > 0 ? `?${query}` : ''}`, ReleasesResponse)
  search = (body: { query: string; locale: string; limit: number; filters?: { sections: string[] } }) =>
    this.#send('/v1/search', SearchSchema, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } })

  /** The site title: only llms.txt carries it, as its first line (`# Title`). */
  async siteTitle(locale: string): Promise<string | undefined> {
    const response = await this.#fetch(`/llms.txt?locale=${encodeURIComponent(locale)}`, { headers: {} })
    if (!response.ok) return undefined
    return /^# (.+)$/m.exec(await response.text())?.[1]?.trim()
  }

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

/** A 422's field errors say what to change; its detail only that something is wrong. */
function problemText(problem: z.infer<typeof ProblemSchema>): string {
  return problem.errors && problem.errors.length > 0 ? problem.errors.map((error) => error.detail).join('; ') : problem.detail
}
