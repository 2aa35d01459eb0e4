import type { PhrasingContent } from 'mdast'
import { arrayAt, choiceOf, componentName, isCircular, isSchema, merged, type Schema, schemaAt, stringAt, stringsAt, typesOf } from './json-schema.ts'
import { type Block, code, descriptionInline, joinInline, paragraph, strong, table, text } from './markdown-nodes.ts'

/**
 * A JSON Schema (as contract/api-reference.ts keeps it: `$ref`s expanded,
 * `x-ref` on expanded components, `{$ref, x-circular}` at a cycle) as a
 * table of its properties, flattened with dotted names (`author.name`,
 * `items[].id`), for a reader who must write or read that JSON.
 */

/** Names go this many properties deep (`a.b.c.d`); deeper ones are left to the type of the last. */
const MAX_DEPTH = 4

interface PropertyRow {
  name: string
  schema: Schema
  required: boolean
  /** The `oneOf`/`anyOf` option the property belongs to, when it belongs to one. */
  option: string | null
}

/** The blocks that describe a schema: its type when it is not an object, its properties' table, and the options it offers with theirs. */
export function schemaBlocks(schema: Schema): Block[] {
  if (isCircular(schema)) return [typeLine(schema)]
  const whole = merged(schema)
  const choice = choiceOf(whole)
  const rows = choice ? propertyRows(whole, '', 1) : nestedRows(whole, '', 0)
  const properties = rows.length > 0 ? [propertyTable(rows)] : []
  if (!choice) return [...(typesOf(whole).includes('object') && rows.length > 0 ? [] : [typeLine(schema)]), ...properties]
  const names = choice.options.map(optionName).join(', ')
  const options = choice.options.flatMap((option) => [paragraph([strong([text(optionName(option))])]), ...schemaBlocks(option)])
  return [...properties, paragraph([text(`${choice.kind === 'oneOf' ? 'One' : 'Any'} of: ${names}.`)]), ...options]
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
  const own = propertyRows(whole, path === '' ? '' : `${path}.`, depth + 1)
  const choice = choiceOf(whole)
  if (!choice) return own
  const options = choice.options.flatMap((option) => {
    const label = optionName(option)
    return nestedRows(option, path, depth).map((row) => ({ ...row, option: row.option ? `${label}, ${row.option}` : label }))
  })
  return [...own, ...options]
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

/** How an option of a `oneOf`/`anyOf` is called: its component's name, its title, else its type. */
function optionName(option: Schema): string {
  return componentName(option) ?? stringAt(option, 'title') ?? typeLabel(option)
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
