import { standInTag } from './stand-in.ts'

/**
 * An evaluated config as JSON-safe data. What JSON cannot carry is named
 * instead of lost: an uncalled stand-in `{__standIn: {module, export}}`, a
 * function `{__function: name}`, a RegExp `{__regexp: source}`; a cycle is
 * cut where it closes (omitted from an object, null in an array).
 */
export function toJsonValue(value: unknown): unknown {
  return convert(value, new Set())
}

function convert(value: unknown, ancestors: Set<object>): unknown {
  const tag = standInTag(value)
  if (tag) return { __standIn: tag }
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value
    case 'number':
      return Number.isFinite(value) ? value : null
    case 'bigint':
      return String(value)
    case 'function':
      return { __function: value.name || 'anonymous' }
    case 'undefined':
    case 'symbol':
      return undefined
  }
  if (typeof value !== 'object' || value === null) return null
  if (value instanceof RegExp) return { __regexp: value.source }
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString()
  if (value instanceof URL) return value.href
  if (ancestors.has(value)) return undefined
  ancestors.add(value)
  try {
    if (Array.isArray(value) || value instanceof Set) return [...value].map((item) => convert(item, ancestors) ?? null)
    const entries = value instanceof Map ? [...value.entries()].map(([key, item]): [string, unknown] => [String(key), item]) : ownEntries(value)
    const result: Record<string, unknown> = {}
    for (const [key, item] of entries) {
      const converted = convert(item, ancestors)
      if (converted !== undefined) result[key] = converted
    }
    return result
  } finally {
    ancestors.delete(value)
  }
}

/** Own enumerable properties; a getter that throws is left out rather than failing the whole config. */
function ownEntries(value: object): [string, unknown][] {
  return Object.keys(value).flatMap((key): [string, unknown][] => {
    try {
      return [[key, Reflect.get(value, key)]]
    } catch {
      return []
    }
  })
}
