/**
 * Stand-ins for the packages a config imports (its framework, its plugins):
 * none of them is installed here, and none needs to run for the config's
 * data to be read. A stand-in is callable, constructible and has every
 * property; calling it hands back its first argument, tagged, which is
 * the shape `defineConfig({...})`, `starlight({...})` and plugin factories have.
 */

export interface StandInTag {
  module: string
  export: string
}

/** Specifiers replaced in this process, for the report. */
export const replacedModules = new Set<string>()

const tags = new WeakMap<object, StandInTag>()

/** The tag of a stand-in, or undefined for any other value. */
export function standInTag(value: unknown): StandInTag | undefined {
  return typeof value === 'function' || (typeof value === 'object' && value !== null) ? tags.get(value) : undefined
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const prototype: unknown = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}

function called(tag: StandInTag, args: unknown[]): Record<string, unknown> {
  const [first] = args
  const result = isPlainObject(first) && standInTag(first) === undefined ? { ...first, __standIn: tag } : { __standIn: tag, args }
  // Spread into a list (`...makeSidebarLinks([...])`), a call is one entry that says what made it.
  Object.defineProperty(result, Symbol.iterator, {
    value: function* oneEntry() {
      yield { __standIn: tag, args }
    },
  })
  return result
}

/**
 * The stand-in for `path` of `module`: `path` null is the module itself as
 * `require` returns it, whose properties are its named exports and which
 * is the default export when called.
 */
export function standIn(module: string, path: string | null): unknown {
  replacedModules.add(module)
  const tag = { module, export: path ?? 'default' }
  // A plain function target: it can be called and constructed, and has no fixed keys to keep.
  const target = function standInTarget() {}
  const proxy: object = new Proxy(target, {
    apply: (_target, _this, args: unknown[]) => called(tag, args),
    construct: (_target, args: unknown[]) => called(tag, args),
    get: (_target, property) => {
      // Not a thenable: `await standIn` must not wait forever.
      if (property === 'then') return undefined
      if (property === Symbol.toPrimitive) return () => `[stand-in ${module}#${tag.export}]`
      if (typeof property === 'symbol') return undefined
      if (property === '__standIn') return tag
      return standIn(module, path === null ? property : `${path}.${property}`)
    },
  })
  tags.set(proxy, tag)
  return proxy
}
