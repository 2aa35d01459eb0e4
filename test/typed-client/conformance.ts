import { Validator, type Schema } from '@cfworker/json-schema'
import type { Exchange } from './answers.ts'

interface MediaType {
  schema?: Schema
}
interface Response {
  headers?: Record<string, unknown>
  content?: Record<string, MediaType>
}
interface Operation {
  parameters?: Array<{ name: string; in: string }>
  responses: Record<string, Response>
}
export interface OpenApiDocument {
  servers: Array<{ url: string }>
  paths: Record<string, Record<string, Operation>>
  components: { schemas: Record<string, Schema> }
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'])

/** Every operation of the document, as `method path`. */
export function operationsOf(document: OpenApiDocument): string[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((key) => METHODS.has(key))
      .map((method) => `${method} ${path}`),
  )
}

const JSON_TYPES = new Set(['application/json', 'application/problem+json'])
// Headers of the message rather than of the operation (OpenAPI describes them with the
// content), and CORS headers, which every answer carries for browsers.
const UNDESCRIBED_HEADERS = /^(content-type|content-length|content-encoding|transfer-encoding|date|connection|keep-alive|access-control-.*)$/

/**
 * What an answer does that its operation's description does not allow: a
 * status it does not list, a header it does not describe for that status, a
 * content type it does not list, a JSON body its schema refuses. Empty when
 * the answer conforms.
 */
export function deviations(document: OpenApiDocument, exchange: Exchange): string[] {
  const [method = '', path = ''] = exchange.operation.split(' ')
  const described = document.paths[path]?.[method]?.responses[String(exchange.status)]
  if (described === undefined) return [`status ${exchange.status} is not described`]
  const describedHeaders = new Set(Object.keys(described.headers ?? {}).map((name) => name.toLowerCase()))
  const headers = Object.keys(exchange.headers)
    .filter((name) => !UNDESCRIBED_HEADERS.test(name) && !describedHeaders.has(name))
    .map((name) => `header ${name} is not described`)
  return [...headers, ...bodyDeviations(document, described, exchange)]
}

function bodyDeviations(document: OpenApiDocument, described: Response, exchange: Exchange): string[] {
  const type = exchange.headers['content-type']?.split(';')[0]?.trim()
  const content = described.content ?? {}
  if (type === undefined) return Object.keys(content).length === 0 || exchange.body === '' ? [] : ['a body without a content type']
  const media = content[type]
  if (media === undefined) return [`content type ${type} is not described for ${exchange.status} (described: ${Object.keys(content).join(', ') || 'none'})`]
  if (!JSON_TYPES.has(type) || media.schema === undefined) return []
  const result = new Validator(withComponents(media.schema, document), '2020-12', false).validate(JSON.parse(exchange.body))
  return result.errors.map((error) => `${error.instanceLocation}: ${error.error}`)
}

/** The schema with the document's components beside it, where its `#/components/schemas/…` references point. */
function withComponents(schema: Schema, document: OpenApiDocument): Schema {
  const local = (value: Schema) => JSON.parse(JSON.stringify(value).replaceAll('"#/components/schemas/', '"#/$defs/')) as Schema
  return { ...local(schema), $defs: Object.fromEntries(Object.entries(document.components.schemas).map(([name, component]) => [name, local(component)])) }
}
