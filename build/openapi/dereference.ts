/**
 * Expands the `$ref`s of a part of a bundled OpenAPI document (every `$ref` points inside it: load.ts) so
 * that the part reads on its own, as a reader of one operation needs it. A schema that contains itself
 * stops where it repeats, as `{"$ref": pointer, "x-circular": true}`: written out, it would never end.
 * An expanded component keeps where it came from as `x-ref`, which names it ("Book") for readers.
 */
export function dereference(value: unknown, root: unknown): unknown {
  return expand(value, root, [])
}

function expand(value: unknown, root: unknown, open: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((item) => expand(item, root, open))
  if (!isObject(value)) return value
  const ref = value.$ref
  if (typeof ref === 'string' && ref.startsWith('#/')) {
    if (open.includes(ref)) return { $ref: ref, 'x-circular': true }
    const target = expand(resolvePointer(root, ref), root, [...open, ref])
    const { $ref: _ref, ...siblings } = value
    // OpenAPI 3.1 lets a `$ref` carry a summary or description of its own, which wins over the target's.
    return isObject(target) ? { ...target, ...(expand(siblings, root, open) as object), 'x-ref': ref } : target
  }
  const expanded: Record<string, unknown> = {}
  for (const [key, child] of Object.entries(value)) expanded[key] = expand(child, root, open)
  return expanded
}

/** The value at a JSON pointer (`#/components/schemas/Book`), or undefined. */
export function resolvePointer(root: unknown, pointer: string): unknown {
  let at = root
  for (const token of pointer.slice(2).split('/')) {
    const key = decodeURIComponent(token).replaceAll('~1', '/').replaceAll('~0', '~')
    if (!isObject(at) && !Array.isArray(at)) return undefined
    at = (at as Record<string, unknown>)[key]
  }
  return at
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
