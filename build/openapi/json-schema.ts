/**
 * Reading the JSON Schemas of contract/api-reference.ts, which are records of
 * unknown values: each accessor checks the type of what it returns, so no
 * caller casts. `x-ref` names an expanded component, `x-circular` a cycle.
 */

export type Schema = Record<string, unknown>

/** `allOf` merged into one schema: properties and required names of every part; the parts' own component names do not name the whole. */
export function merged(schema: Schema): Schema {
  const parts = arrayAt(schema, 'allOf')?.filter(isSchema).map(merged)
  if (!parts) return schema
  const { allOf: _, ...own } = schema
  const all = [...parts.map(({ 'x-ref': _ref, title: _title, ...part }) => part), own]
  const properties = Object.assign({}, ...all.map((part) => schemaAt(part, 'properties') ?? {}))
  return { ...Object.assign({}, ...all), properties, required: all.flatMap((part) => stringsAt(part, 'required')) }
}

export function choiceOf(schema: Schema): { kind: 'oneOf' | 'anyOf'; options: Schema[] } | null {
  for (const kind of ['oneOf', 'anyOf'] as const) {
    const options = arrayAt(schema, kind)?.filter(isSchema)
    if (options && options.length > 0) return { kind, options }
  }
  return null
}

export function typesOf(schema: Schema): string[] {
  const type = schema.type
  const listed = typeof type === 'string' ? [type] : Array.isArray(type) ? type.filter((item) => typeof item === 'string') : []
  const inferred = listed.length > 0 ? listed : 'properties' in schema ? ['object'] : 'items' in schema ? ['array'] : []
  return schema.nullable === true && !inferred.includes('null') ? [...inferred, 'null'] : inferred
}

/** The last segment of the component's pointer (`#/components/schemas/Book` -> `Book`). */
export function componentName(schema: Schema): string | null {
  const pointer = stringAt(schema, 'x-ref') ?? stringAt(schema, '$ref')
  const last = pointer?.split('/').at(-1)
  return last ? last.replaceAll('~1', '/').replaceAll('~0', '~') : null
}

export function isCircular(schema: Schema): boolean {
  return schema['x-circular'] === true
}

export function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function schemaAt(schema: Schema, key: string): Schema | null {
  const value = schema[key]
  return isSchema(value) ? value : null
}

export function arrayAt(schema: Schema, key: string): unknown[] | null {
  const value = schema[key]
  return Array.isArray(value) ? value : null
}

export function stringAt(schema: Schema, key: string): string | null {
  const value = schema[key]
  return typeof value === 'string' ? value : null
}

export function stringsAt(schema: Schema, key: string): string[] {
  return (arrayAt(schema, key) ?? []).filter((item) => typeof item === 'string')
}
