import { HTTP_METHODS, type ApiOperation, type ApiParameter, type ApiResponse, type ApiSecurityScheme, type HttpMethod } from '../../contract/index.ts'
import { dereference, isObject } from './dereference.ts'
import { mediaTypesOf, parameterExample } from './media.ts'

/** An operation read from its document, before code samples are made for it. */
export type ReadOperation = Omit<ApiOperation, 'codeSamples'> & {
  /** Where it is written: a JSON pointer into the document. */
  pointer: string
  draft: boolean
  /** Samples the document gives itself (Redocly's `x-codeSamples`), unchecked. */
  vendorSamples: unknown
}

type Json = Record<string, unknown>

/** Every operation of a bundled OpenAPI 3.x document in the document's order, then its webhooks (3.1). */
export function readOperations(document: Json, api: string): ReadOperation[] {
  const operations: ReadOperation[] = []
  const schemes = securitySchemesOf(document)
  const collect = (items: unknown, kind: ApiOperation['kind'], base: string) => {
    for (const [path, rawItem] of Object.entries(asObject(items))) {
      const item = asObject(dereference(rawItem, document))
      // The item's own key order, not HTTP_METHODS': the sidebar lists operations as the author wrote them.
      for (const [key, operation] of Object.entries(item)) {
        const method = HTTP_METHODS.find((known) => known === key)
        if (method && isObject(operation))
          operations.push(readOperation({ document, api, kind, path, method, item, operation, pointer: `${base}/${escapePointer(path)}/${method}`, schemes }))
      }
    }
  }
  collect(document.paths, 'operation', '/paths')
  collect(document.webhooks, 'webhook', '/webhooks')
  return operations
}

interface OperationPlace {
  document: Json
  api: string
  kind: ApiOperation['kind']
  path: string
  method: HttpMethod
  item: Json
  operation: Json
  pointer: string
  schemes: Map<string, ApiSecurityScheme>
}

/** One operation of a path item whose `$ref`s are expanded already (expanding it again would open its cycle markers). */
function readOperation({ document, api, kind, path, method, item, operation: expanded, pointer, schemes }: OperationPlace): ReadOperation {
  return {
    api,
    operationId: text(expanded.operationId),
    method,
    path,
    kind,
    summary: text(expanded.summary) ?? text(item.summary),
    description: text(expanded.description) ?? text(item.description),
    tags: asArray(expanded.tags).filter((tag): tag is string => typeof tag === 'string'),
    deprecated: expanded.deprecated === true,
    servers: serversOf(expanded.servers ?? item.servers ?? document.servers),
    parameters: parametersOf([...asArray(item.parameters), ...asArray(expanded.parameters)]),
    requestBody: requestBodyOf(expanded.requestBody),
    responses: responsesOf(expanded.responses),
    callbacks: Object.entries(asObject(expanded.callbacks)).flatMap(([name, callback]) =>
      Object.entries(asObject(callback)).flatMap(([expression, callbackItem]) =>
        HTTP_METHODS.flatMap((callbackMethod) => {
          const request = asObject(callbackItem)[callbackMethod]
          if (!isObject(request)) return []
          return [
            {
              name,
              expression,
              method: callbackMethod,
              summary: text(request.summary),
              description: text(request.description),
              requestBody: requestBodyOf(request.requestBody),
              responses: responsesOf(request.responses),
            },
          ]
        }),
      ),
    ),
    security: securityOf(expanded.security ?? document.security, schemes),
    pointer,
    draft: expanded['x-draft'] === true,
    vendorSamples: expanded['x-codeSamples'] ?? expanded['x-code-samples'],
  }
}

/** Path-level parameters, unless the operation redefines one of the same name and location. */
function parametersOf(raw: unknown[]): ApiParameter[] {
  const byPlace = new Map<string, ApiParameter>()
  for (const parameter of raw) {
    if (!isObject(parameter) || typeof parameter.name !== 'string') continue
    const where = parameter.in
    if (where !== 'path' && where !== 'query' && where !== 'header' && where !== 'cookie') continue
    byPlace.set(`${where}\u0000${parameter.name}`, {
      in: where,
      name: parameter.name,
      required: where === 'path' || parameter.required === true,
      deprecated: parameter.deprecated === true,
      description: text(parameter.description),
      schema: isObject(parameter.schema) ? parameter.schema : null,
      example: parameterExample(parameter),
    })
  }
  return [...byPlace.values()]
}

function requestBodyOf(raw: unknown): ApiOperation['requestBody'] {
  if (!isObject(raw)) return null
  return { required: raw.required === true, description: text(raw.description), content: mediaTypesOf(raw.content, 'request') }
}

function responsesOf(raw: unknown): ApiResponse[] {
  return Object.entries(asObject(raw)).map(([status, response]) => {
    const value = asObject(response)
    return {
      status,
      description: text(value.description),
      headers: Object.entries(asObject(value.headers)).map(([name, header]) => {
        const headerValue = asObject(header)
        return { name, required: headerValue.required === true, description: text(headerValue.description), schema: isObject(headerValue.schema) ? headerValue.schema : null }
      }),
      content: mediaTypesOf(value.content, 'response'),
    }
  })
}

function serversOf(raw: unknown): ApiOperation['servers'] {
  return asArray(raw).flatMap((server) => (isObject(server) && typeof server.url === 'string' ? [{ url: server.url, description: text(server.description) }] : []))
}

/** Each alternative of a security requirement, with the schemes it names as the document defines them. */
function securityOf(raw: unknown, schemes: Map<string, ApiSecurityScheme>): ApiSecurityScheme[][] {
  return asArray(raw).flatMap((requirement) => {
    if (!isObject(requirement)) return []
    return [
      Object.entries(requirement).flatMap(([name, scopes]) => {
        const scheme = schemes.get(name)
        return scheme ? [{ ...scheme, scopes: asArray(scopes).filter((scope): scope is string => typeof scope === 'string') }] : []
      }),
    ]
  })
}

export function securitySchemesOf(document: Json): Map<string, ApiSecurityScheme> {
  const declared = asObject(dereference(asObject(document.components).securitySchemes, document))
  return new Map(
    Object.entries(declared).map(([name, raw]) => {
      const scheme = asObject(raw)
      return [
        name,
        {
          name,
          type: text(scheme.type) ?? 'unknown',
          scheme: text(scheme.scheme),
          in: text(scheme.in),
          parameterName: scheme.type === 'apiKey' ? text(scheme.name) : null,
          description: text(scheme.description),
          scopes: [],
        },
      ]
    }),
  )
}

export function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null
}

export function asObject(value: unknown): Json {
  return isObject(value) ? value : {}
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : []
}

function escapePointer(key: string): string {
  return key.replaceAll('~', '~0').replaceAll('/', '~1')
}
