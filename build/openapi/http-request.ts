import type { HarRequest } from '@scalar/snippetz'
import type { ApiOperation, ApiParameter, ApiSecurityScheme } from '../../contract/api-reference.ts'

type Operation = Omit<ApiOperation, 'codeSamples'>
type NameValue = { name: string; value: string }

/** A request that runs as written, for the readers whose document names no server. */
const PLACEHOLDER_BASE_URL = 'https://api.example.com'

/** What an example request to the operation looks like, and whether it needs HTTP basic credentials. */
interface ExampleRequest {
  request: Partial<HarRequest>
  basicAuth: boolean
}

/**
 * The request a reader would send first: the first server, the path with its parameters filled from
 * their examples, the required query, header and cookie parameters, the credentials of the first
 * security alternative as placeholders, and the example of the first request body media type.
 */
export function exampleRequest(operation: Operation): ExampleRequest {
  const required = operation.parameters.filter((parameter) => parameter.required || parameter.in === 'path')
  const auth = credentials(operation.security[0] ?? [])
  const body = requestBody(operation)
  const request: Partial<HarRequest> = {
    method: operation.method.toUpperCase(),
    url: joinUrl(baseUrl(operation), filledPath(operation.path, required)),
    queryString: [...required.filter((p) => p.in === 'query').flatMap(parameterValues), ...auth.query],
    headers: [...required.filter((p) => p.in === 'header').flatMap(parameterValues), ...auth.headers, ...body.headers],
    cookies: [...required.filter((p) => p.in === 'cookie').flatMap(parameterValues), ...auth.cookies],
  }
  if (body.postData) request.postData = body.postData
  return { request, basicAuth: auth.basic }
}

/** A relative server URL (`/v1`) is relative to where the document is served, unknown here. */
function baseUrl(operation: Operation): string {
  const url = operation.servers[0]?.url ?? PLACEHOLDER_BASE_URL
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : joinUrl(PLACEHOLDER_BASE_URL, url)
}

function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`
}

/** A path parameter without an example stays `{name}`, so the reader sees what to replace. */
function filledPath(path: string, parameters: ApiParameter[]): string {
  let filled = path
  for (const parameter of parameters.filter((p) => p.in === 'path' && p.example)) {
    filled = filled.replaceAll(`{${parameter.name}}`, encodeURIComponent(text(parameter.example?.value)))
  }
  return filled
}

/** An array is sent as one entry per item: `form` style with `explode`, OpenAPI's default for query parameters. */
function parameterValues(parameter: ApiParameter): NameValue[] {
  if (!parameter.example) return [{ name: parameter.name, value: `<${parameter.name}>` }]
  const value = parameter.example.value
  const items = Array.isArray(value) && parameter.in === 'query' ? value : [value]
  return items.map((item) => ({ name: parameter.name, value: text(item) }))
}

function text(value: unknown): string {
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return JSON.stringify(value) ?? ''
}

interface Credentials {
  headers: NameValue[]
  query: NameValue[]
  cookies: NameValue[]
  basic: boolean
}

/** Placeholders in angle brackets: a snippet must never carry a real secret, and the reader sees what to put. */
function credentials(schemes: ApiSecurityScheme[]): Credentials {
  const found: Credentials = { headers: [], query: [], cookies: [], basic: false }
  for (const scheme of schemes) {
    const httpScheme = scheme.scheme?.toLowerCase()
    if (scheme.type === 'apiKey' && scheme.parameterName) {
      const placeholder = { name: scheme.parameterName, value: '<api-key>' }
      if (scheme.in === 'query') found.query.push(placeholder)
      else if (scheme.in === 'cookie') found.cookies.push(placeholder)
      else found.headers.push(placeholder)
    } else if (scheme.type === 'http' && httpScheme === 'basic') {
      found.basic = true
    } else if (scheme.type === 'http' && httpScheme && httpScheme !== 'bearer') {
      found.headers.push({ name: 'Authorization', value: `${scheme.scheme} <credentials>` })
    } else if (scheme.type === 'http' || scheme.type === 'oauth2' || scheme.type === 'openIdConnect') {
      // OAuth 2 and OpenID Connect access tokens travel as bearer tokens (RFC 6750).
      found.headers.push({ name: 'Authorization', value: 'Bearer <token>' })
    }
  }
  return found
}

function requestBody(operation: Operation): { headers: NameValue[]; postData?: HarRequest['postData'] } {
  const media = operation.requestBody?.content[0]
  if (!media?.example) return { headers: [] }
  const mimeType = media.mediaType
  const value = media.example.value
  if (mimeType === 'application/x-www-form-urlencoded' || mimeType === 'multipart/form-data') {
    // The clients set these content types themselves (multipart with its boundary), from the params.
    const fields = value !== null && typeof value === 'object' ? Object.entries(value) : []
    return { headers: [], postData: { mimeType, params: fields.map(([name, field]) => ({ name, value: text(field) })) } }
  }
  const body = isJson(mimeType) ? JSON.stringify(value) : text(value)
  return { headers: [{ name: 'Content-Type', value: mimeType }], postData: { mimeType, text: body } }
}

/** `application/json` and the structured `+json` types (RFC 6839), with or without parameters. */
function isJson(mimeType: string): boolean {
  const essence = mimeType.split(';')[0]?.trim().toLowerCase() ?? ''
  return essence === 'application/json' || essence.endsWith('+json')
}
