import { sample } from 'openapi-sampler'
import { z } from 'zod'
import type { ApiExampleSchema } from '../../contract/api-reference.ts'

type ApiExample = z.infer<typeof ApiExampleSchema>

/**
 * Which way the example travels: a request leaves out `readOnly` properties (the server sets them),
 * a response leaves out `writeOnly` ones (the server never sends them back).
 */
export type ExampleDirection = 'request' | 'response'

const JsonObject = z.record(z.string(), z.unknown())

/** The fields of a media type object or a parameter object that can carry an example. */
const ExampleSource = z.object({
  example: z.unknown().optional(),
  examples: JsonObject.optional(),
  schema: JsonObject.optional(),
  content: JsonObject.optional(),
})

const ExampleObject = z.object({ value: z.unknown().optional() })

const SchemaExamples = z.object({ example: z.unknown().optional(), examples: z.array(z.unknown()).optional() })

/** openapi-sampler reads any object as a schema and types it as JSON Schema 7; the copy is an object by construction. */
const SamplerSchema = z.custom<Parameters<typeof sample>[0]>((value) => JsonObject.safeParse(value).success)

const CycleMarker = z.object({ $ref: z.string(), 'x-circular': z.literal(true) })

/**
 * The example of a media type object or a parameter object (dereferenced), in the order the
 * document states them: its `example`, the first of its `examples`, its schema's `example` or
 * `examples[0]`; else one made from the schema (`generated: true`); null without a schema.
 * A parameter described by `content` instead of `schema` takes its first media type's example.
 */
export function exampleOf(source: unknown, direction: ExampleDirection): ApiExample | null {
  const parsed = ExampleSource.safeParse(source)
  if (!parsed.success) return null
  const { example, examples, schema, content } = parsed.data
  if (example !== undefined) return { value: example, generated: false }
  const first = firstExampleValue(examples)
  if (first !== undefined) return { value: first, generated: false }
  if (schema === undefined) {
    const media = content === undefined ? undefined : Object.values(content)[0]
    return media === undefined ? null : exampleOf(media, direction)
  }
  const own = schemaExample(schema)
  if (own !== undefined) return { value: own, generated: false }
  return { value: generatedExample(schema, direction), generated: true }
}

/** An Example Object given only by `externalValue` has no value to show, so the next one is taken. */
function firstExampleValue(examples: Record<string, unknown> | undefined): unknown {
  for (const entry of Object.values(examples ?? {})) {
    const parsed = ExampleObject.safeParse(entry)
    if (parsed.success && parsed.data.value !== undefined) return parsed.data.value
  }
  return undefined
}

function schemaExample(schema: Record<string, unknown>): unknown {
  const parsed = SchemaExamples.safeParse(schema)
  if (!parsed.success) return undefined
  return parsed.data.example !== undefined ? parsed.data.example : parsed.data.examples?.[0]
}

function generatedExample(schema: Record<string, unknown>, direction: ExampleDirection): unknown {
  const options = { skipReadOnly: direction === 'request', skipWriteOnly: direction === 'response', quiet: true }
  return sample(SamplerSchema.parse(samplerReady(schema, new Map())), options)
}

/** Keywords whose value is data (an example, a default), not a schema: left as they are. */
const DATA_KEYWORDS = new Set(['example', 'examples', 'enum', 'const', 'default'])
/** Keywords whose value maps names to schemas: each value is a schema, whatever its name. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'])

/**
 * A copy of the schema that openapi-sampler can walk without the whole document: a cycle marker
 * (`{$ref, x-circular}`) would make it look the `$ref` up and throw, so it becomes the bare type of
 * the component it repeats (an object samples as `{}`, an array as `[]`), and `minItems` drops to one
 * because a reference example shows the shape of an item, not a hundred of them.
 * `seen` maps the `x-ref` of each enclosing expanded component to its type.
 */
function samplerReady(node: unknown, seen: ReadonlyMap<string, unknown>): unknown {
  if (Array.isArray(node)) return node.map((item) => samplerReady(item, seen))
  const schema = JsonObject.safeParse(node)
  if (!schema.success) return node
  const marker = CycleMarker.safeParse(node)
  if (marker.success) return { type: seen.get(marker.data.$ref) }
  const ref = schema.data['x-ref']
  const inner = typeof ref === 'string' ? new Map(seen).set(ref, schema.data.type) : seen
  const copy: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(schema.data)) {
    if (DATA_KEYWORDS.has(key)) copy[key] = value
    else if (SCHEMA_MAPS.has(key)) copy[key] = mapValues(value, (child) => samplerReady(child, inner))
    else copy[key] = samplerReady(value, inner)
  }
  if (typeof copy.minItems === 'number' && copy.minItems > 1) copy.minItems = 1
  return copy
}

function mapValues(value: unknown, change: (child: unknown) => unknown): unknown {
  const map = JsonObject.safeParse(value)
  if (!map.success) return value
  return Object.fromEntries(Object.entries(map.data).map(([name, child]) => [name, change(child)]))
}
