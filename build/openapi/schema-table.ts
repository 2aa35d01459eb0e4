import type { PhrasingContent } from 'mdast'
import { type Block, code, descriptionInline, joinInline, paragraph, strong, table, text } from './markdown-nodes.ts'

/**
 * A JSON Schema (as contract/api-reference.ts keeps it: `$ref`s expanded,
 * `x-ref` on expanded components, `{$ref, x-circular}` at a cycle) as a
 * table of its properties, flattened with dotted names (`author.name`,
 * `items[].id`), for a reader who must write or read that JSON.
 */

type Schema = Record<string, unknown>

/** Names go this many properties deep (`a.b.c.d`); deeper ones are left to the type of the last. */
const MAX_DEPTH = 4

interface PropertyRow {
  name: string
  schema: Schema
  required: boolean
  /** The `oneOf`/`anyOf` option the property belongs to, when it belongs to one. */
  option: string | null
}

/** The blocks that describe a schema: its type when it is not an object, the choice it offers, and its properties' table. */
export function schemaBlocks(schema: Schema): Block[] {
  if (isCircular(schema)) return [typeLine(schema)]
  const whole = merged(schema)
  const choice = choiceOf(whole)
  if (choice) {
    const names = choice.options.map(optionName).join(', ')
    const options = choice.options.flatMap((option) => [paragraph([strong([text(optionName(option))])]), ...schemaBlocks(option)])
    return [paragraph([text(`${choice.kind === 'oneOf' ? 'One' : 'Any'} of: ${names}.`)]), ...options]
  }
  const rows = nestedRows(whole, '', 0)
  const isObject = typesOf(whole).includes('object')
  return [...(isObject && rows.length > 0 ? [] : [typeLine(schema)]), ...(rows.length > 0 ? [propertyTable(rows)] : [])]
}

function typeLine(schema: Schema): Block {
  return paragraph([text('Type: '), code(typeLabel(schema))])
}

function propertyTable(rows: PropertyRow[]): Block {
  return table(
    ['Name', 'Type', 'Required', 'Description'],
    rows.map((row) => [[code(row.name)], [text(typeLabel(row.schema))], [text(row.required ? 'yes' : 'no')], schemaNotes(row.schema, row.option)]),
  )
}

function nestedRows(schema: Schema, path: string, depth: number): PropertyRow[] {
  if (isCircular(schema)) return []
  const whole = merged(schema)
  const items = schemaAt(whole, 'items')
  if (items && typesOf(whole).includes('array')) return nestedRows(items, `${path}[]`, depth)
  const choice = choiceOf(whole)
  if (!choice) return propertyRows(whole, path === '' ? '' : `${path}.`, depth + 1)
  return choice.options.flatMap((option) => {
    const label = optionName(option)
    return nestedRows(option, path, depth).map((row) => ({ ...row, option: row.option ? `${label}, ${row.option}` : label }))
  })
}

function propertyRows(object: Schema, prefix: string, depth: number): PropertyRow[] {
  const required = stringsAt(object, 'required')
  return Object.entries(schemaAt(object, 'properties') ?? {}).flatMap(([key, value]) => {
    if (!isSchema(value)) return []
    const name = `${prefix}${key}`
    const row: PropertyRow = { name, schema: value, required: required.includes(key), option: null }
    return [row, ...(depth < MAX_DEPTH ? nestedRows(value, name, depth) : [])]
  })
}

/** A schema's type in words: `string (date-time)`, `array of integer`, `Book`, `one of: Card, Transfer`, `Category (recursive)`. */
export function typeLabel(schema: Schema): string {
  if (isCircular(schema)) return `${componentName(schema) ?? 'object'} (recursive)`
  const whole = merged(schema)
  const choice = choiceOf(whole)
  if (choice) return `${choice.kind === 'oneOf' ? 'one' : 'any'} of: ${choice.options.map(optionName).join(', ')}`
  const name = componentName(whole)
  const format = stringAt(whole, 'format')
  const labels = typesOf(whole).map((type) => {
    const items = schemaAt(whole, 'items')
    const values = schemaAt(whole, 'additionalProperties')
    if (type === 'array') return `array of ${items ? typeLabel(items) : 'any'}`
    if (type === 'object') return name ?? (values ? `map of ${typeLabel(values)}` : 'object')
    return format && type !== 'null' ? `${type} (${format})` : type
  })
  return labels.join(' or ') || name || 'any'
}

/** A description cell: the schema's description, then what limits its value (allowed values, default, bounds). */
export function schemaNotes(schema: Schema, option: string | null = null): PhrasingContent[] {
  const items = schemaAt(schema, 'items')
  const values = arrayAt(schema, 'enum') ?? (items && arrayAt(items, 'enum'))
  const notes: PhrasingContent[][] = [
    option ? [text(`(${option})`)] : [],
    schema.deprecated === true ? [strong([text('Deprecated.')])] : [],
    descriptionInline(stringAt(schema, 'description')),
    values
      ? [
          text('Allowed values: '),
          ...joinInline(
            values.map((value) => [code(literal(value))]),
            ', ',
          ),
          text('.'),
        ]
      : [],
    'const' in schema ? [text('Always '), code(literal(schema.const)), text('.')] : [],
    'default' in schema ? [text('Default: '), code(literal(schema.default)), text('.')] : [],
  ]
  for (const [key, words] of BOUNDS) if (key in schema) notes.push([text(`${words} `), code(literal(schema[key])), text('.')])
  return joinInline(notes, ' ')
}

const BOUNDS: Array<[string, string]> = [
  ['minimum', 'Minimum:'],
  ['maximum', 'Maximum:'],
  ['minLength', 'Minimum length:'],
  ['maxLength', 'Maximum length:'],
  ['minItems', 'Minimum items:'],
  ['maxItems', 'Maximum items:'],
  ['pattern', 'Pattern:'],
]

/** A value as a reader would type it: a string as it is, anything else as JSON. */
export function literal(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value ?? null)
}

/** `allOf` merged into one schema: properties and required names of every part; the parts' own component names do not name the whole. */
function merged(schema: Schema): Schema {
  const parts = arrayAt(schema, 'allOf')?.filter(isSchema).map(merged)
  if (!parts) return schema
  const { allOf: _, ...own } = schema
  const all = [...parts.map(({ 'x-ref': _ref, title: _title, ...part }) => part), own]
  const properties = Object.assign({}, ...all.map((part) => schemaAt(part, 'properties') ?? {}))
  return { ...Object.assign({}, ...all), properties, required: all.flatMap((part) => stringsAt(part, 'required')) }
}

function choiceOf(schema: Schema): { kind: 'oneOf' | 'anyOf'; options: Schema[] } | null {
  for (const kind of ['oneOf', 'anyOf'] as const) {
    const options = arrayAt(schema, kind)?.filter(isSchema)
    if (options && options.length > 0) return { kind, options }
  }
  return null
}

function optionName(option: Schema): string {
  return componentName(option) ?? stringAt(option, 'title') ?? typeLabel(option)
}

function typesOf(schema: Schema): string[] {
  const type = schema.type
  const listed = typeof type === 'string' ? [type] : Array.isArray(type) ? type.filter((item) => typeof item === 'string') : []
  const inferred = listed.length > 0 ? listed : 'properties' in schema ? ['object'] : 'items' in schema ? ['array'] : []
  return schema.nullable === true && !inferred.includes('null') ? [...inferred, 'null'] : inferred
}

/** The last segment of the component's pointer (`#/components/schemas/Book` -> `Book`). */
function componentName(schema: Schema): string | null {
  const pointer = stringAt(schema, 'x-ref') ?? stringAt(schema, '$ref')
  const last = pointer?.split('/').at(-1)
  return last ? last.replaceAll('~1', '/').replaceAll('~0', '~') : null
}

function isCircular(schema: Schema): boolean {
  return schema['x-circular'] === true
}

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function schemaAt(schema: Schema, key: string): Schema | null {
  const value = schema[key]
  return isSchema(value) ? value : null
}

function arrayAt(schema: Schema, key: string): unknown[] | null {
  const value = schema[key]
  return Array.isArray(value) ? value : null
}

function stringAt(schema: Schema, key: string): string | null {
  const value = schema[key]
  return typeof value === 'string' ? value : null
}

function stringsAt(schema: Schema, key: string): string[] {
  return (arrayAt(schema, key) ?? []).filter((item) => typeof item === 'string')
}
