import { z } from 'zod'

/**
 * An operation of an OpenAPI document as structured data, beside its page's HTML, for front ends that
 * lay out an API reference themselves (method badge, parameter tables, responses, code samples).
 * Descriptions are CommonMark, as the OpenAPI document has them. Schemas are JSON Schema with every
 * `$ref` expanded; a schema that contains itself stops at the repeat as `{"$ref": pointer, "x-circular": true}`,
 * and an expanded component keeps its pointer as `x-ref`.
 */

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const

const JsonSchema = z.record(z.string(), z.unknown()).meta({ description: 'JSON Schema, `$ref`s expanded except at a cycle (`x-circular: true`)' })

/** An example: given by the document, or made from the schema (`generated: true`). */
export const ApiExampleSchema = z.strictObject({
  value: z.unknown(),
  generated: z.boolean().meta({ description: 'Made from the schema (openapi-sampler), not given by the document' }),
})
export type ApiExample = z.infer<typeof ApiExampleSchema>

export const ApiParameterSchema = z.strictObject({
  in: z.enum(['path', 'query', 'header', 'cookie']),
  name: z.string(),
  required: z.boolean(),
  deprecated: z.boolean(),
  description: z.string().nullable(),
  schema: JsonSchema.nullable(),
  example: ApiExampleSchema.nullable(),
})
export type ApiParameter = z.infer<typeof ApiParameterSchema>

export const ApiMediaTypeSchema = z.strictObject({
  mediaType: z.string(),
  schema: JsonSchema.nullable(),
  example: ApiExampleSchema.nullable(),
})
export type ApiMediaType = z.infer<typeof ApiMediaTypeSchema>

export const ApiHeaderSchema = z.strictObject({
  name: z.string(),
  required: z.boolean(),
  description: z.string().nullable(),
  schema: JsonSchema.nullable(),
})

export const ApiResponseSchema = z.strictObject({
  status: z.string().meta({ description: 'A status code, a range such as `4XX`, or `default`' }),
  description: z.string().nullable(),
  headers: z.array(ApiHeaderSchema),
  content: z.array(ApiMediaTypeSchema),
})
export type ApiResponse = z.infer<typeof ApiResponseSchema>

export const ApiSecuritySchemeSchema = z.strictObject({
  name: z.string(),
  type: z.string().meta({ description: 'apiKey, http, oauth2, openIdConnect or mutualTLS' }),
  scheme: z.string().nullable().meta({ description: 'For `http`: bearer, basic...' }),
  in: z.string().nullable().meta({ description: 'For `apiKey`: header, query or cookie' }),
  parameterName: z.string().nullable().meta({ description: 'For `apiKey`: the header, query or cookie name' }),
  description: z.string().nullable(),
  scopes: z.array(z.string()),
})
export type ApiSecurityScheme = z.infer<typeof ApiSecuritySchemeSchema>

export const ApiServerSchema = z.strictObject({ url: z.string(), description: z.string().nullable() })

export const ApiCodeSampleSchema = z.strictObject({
  lang: z.string().meta({ description: 'Highlighting language: shell, javascript, python...' }),
  label: z.string(),
  source: z.string(),
})
export type ApiCodeSample = z.infer<typeof ApiCodeSampleSchema>

export const ApiRequestBodySchema = z.strictObject({ required: z.boolean(), description: z.string().nullable(), content: z.array(ApiMediaTypeSchema) })

export const ApiCallbackSchema = z.strictObject({
  name: z.string(),
  expression: z.string().meta({ description: 'The runtime expression of the URL it calls, such as `{$request.body#/callbackUrl}`' }),
  method: z.enum(HTTP_METHODS),
  summary: z.string().nullable(),
  description: z.string().nullable(),
  requestBody: ApiRequestBodySchema.nullable(),
  responses: z.array(ApiResponseSchema),
})
export type ApiCallback = z.infer<typeof ApiCallbackSchema>

export const ApiOperationSchema = z
  .strictObject({
    api: z.string().meta({ description: 'The API it belongs to: its slug prefix' }),
    operationId: z.string().nullable(),
    method: z.enum(HTTP_METHODS),
    path: z.string(),
    /** `webhook` for a 3.1 webhook: the API calls the reader's server, and `path` is the webhook's name. */
    kind: z.enum(['operation', 'webhook']),
    summary: z.string().nullable(),
    description: z.string().nullable(),
    tags: z.array(z.string()),
    deprecated: z.boolean(),
    servers: z.array(ApiServerSchema),
    parameters: z.array(ApiParameterSchema),
    requestBody: ApiRequestBodySchema.nullable(),
    responses: z.array(ApiResponseSchema),
    /** Requests the API makes to the reader's server in answer to this one (OpenAPI callbacks). */
    callbacks: z.array(ApiCallbackSchema),
    /** Alternatives: any one of them grants access; each lists the schemes it needs together. Empty: no authentication. */
    security: z.array(z.array(ApiSecuritySchemeSchema)),
    codeSamples: z.array(ApiCodeSampleSchema),
  })
  .meta({ description: 'The OpenAPI operation this document describes, as structured data' })
export type ApiOperation = z.infer<typeof ApiOperationSchema>
export type HttpMethod = (typeof HTTP_METHODS)[number]
