import { STATUS_CODES } from 'node:http'
import type { Heading } from 'mdast'
import type { ApiCallback, ApiMediaType, ApiOperation, ApiParameter, ApiResponse } from '../../contract/api-reference.ts'
import { type Block, code, descriptionBlocks, descriptionInline, heading, joinInline, list, paragraph, table, text } from './markdown-nodes.ts'
import { literal, schemaBlocks, schemaNotes, typeLabel } from './schema-table.ts'

/** The sections of an operation's page that describe what goes over the wire: parameters, bodies, responses, callbacks. */

type Depth = Heading['depth']

const LOCATIONS: Array<[ApiParameter['in'], string]> = [
  ['path', 'Path parameters'],
  ['query', 'Query parameters'],
  ['header', 'Header parameters'],
  ['cookie', 'Cookie parameters'],
]

export function parametersSection(parameters: ApiParameter[]): Block[] {
  if (parameters.length === 0) return []
  const tables = LOCATIONS.flatMap(([location, title]) => {
    const here = parameters.filter((parameter) => parameter.in === location)
    return here.length > 0 ? [heading(3, [text(title)]), parameterTable(here)] : []
  })
  return [heading(2, [text('Parameters')]), ...tables]
}

function parameterTable(parameters: ApiParameter[]): Block {
  return table(
    ['Name', 'Type', 'Required', 'Description'],
    parameters.map((parameter) => {
      const schema = parameter.schema ?? {}
      // The parameter's own description and deprecation come before its schema's.
      const described = { ...schema, description: parameter.description ?? schema.description, deprecated: parameter.deprecated || schema.deprecated === true }
      const example = parameter.example && !parameter.example.generated ? [text('Example: '), code(literal(parameter.example.value)), text('.')] : []
      return [[code(parameter.name)], [text(typeLabel(schema))], [text(parameter.required ? 'yes' : 'no')], joinInline([schemaNotes(described), example], ' ')]
    }),
  )
}

/** A request body under a heading of `depth`: whether it is required, its description, and each media type one level down. */
export function requestBodyBlocks(body: NonNullable<ApiOperation['requestBody']>, depth: Depth): Block[] {
  return [
    paragraph([text(body.required ? 'Required.' : 'Optional.')]),
    ...descriptionBlocks(body.description, depth),
    ...body.content.flatMap((media) => mediaTypeBlocks(media, deeper(depth))),
  ]
}

export function responsesSection(responses: ApiResponse[]): Block[] {
  if (responses.length === 0) return []
  return [heading(2, [text('Responses')]), ...responses.flatMap((response) => responseBlocks(response, 3))]
}

function responseBlocks(response: ApiResponse, depth: Depth): Block[] {
  const reason = /^\d{3}$/.test(response.status) ? STATUS_CODES[response.status] : undefined
  const headers =
    response.headers.length === 0
      ? []
      : [
          heading(deeper(depth), [text('Headers')]),
          table(
            ['Name', 'Type', 'Required', 'Description'],
            response.headers.map((header) => {
              const schema = header.schema ?? {}
              return [
                [code(header.name)],
                [text(typeLabel(schema))],
                [text(header.required ? 'yes' : 'no')],
                schemaNotes({ ...schema, description: header.description ?? schema.description }),
              ]
            }),
          ),
        ]
  return [
    heading(depth, [text(reason ? `${response.status} ${reason}` : response.status)]),
    ...descriptionBlocks(response.description, depth),
    ...headers,
    ...response.content.flatMap((media) => mediaTypeBlocks(media, deeper(depth))),
  ]
}

export function callbacksSection(callbacks: ApiCallback[]): Block[] {
  if (callbacks.length === 0) return []
  return [heading(2, [text('Callbacks')]), ...callbacks.flatMap(callbackBlocks)]
}

/** A callback: the request the API makes to the reader's server, and the answers it expects back. */
function callbackBlocks(callback: ApiCallback): Block[] {
  const answers = callback.responses.map((response) => joinInline([[code(response.status)], descriptionInline(response.description)], ': '))
  return [
    heading(3, [text(callback.name)]),
    paragraph([code(`${callback.method.toUpperCase()} ${callback.expression}`)]),
    ...(callback.summary ? [paragraph([text(callback.summary)])] : []),
    ...descriptionBlocks(callback.description, 3),
    ...(callback.requestBody ? [heading(4, [text('Request body')]), ...requestBodyBlocks(callback.requestBody, 4)] : []),
    ...(answers.length > 0 ? [paragraph([text('Expected responses:')]), list(answers)] : []),
  ]
}

/** A media type: its schema's table, then its example, labelled when it was made from the schema. */
function mediaTypeBlocks(media: ApiMediaType, depth: Depth): Block[] {
  const meta = media.example?.generated ? 'title="Example (generated from the schema)"' : 'title="Example"'
  const example: Block[] = media.example ? [{ type: 'code', meta, ...exampleCode(media.mediaType, media.example.value) }] : []
  return [heading(depth, [text(media.mediaType)]), ...(media.schema ? schemaBlocks(media.schema) : []), ...example]
}

/** An example as its media type writes it: JSON for JSON media types and for values that are not text, else the text as it is. */
function exampleCode(mediaType: string, value: unknown): { lang: string; value: string } {
  if (typeof value !== 'string' || /json/.test(mediaType)) return { lang: 'json', value: JSON.stringify(value ?? null, null, 2) }
  return { lang: /xml/.test(mediaType) ? 'xml' : /yaml/.test(mediaType) ? 'yaml' : 'text', value }
}

function deeper(depth: Depth): Depth {
  return depth < 6 ? ((depth + 1) as Depth) : 6
}
