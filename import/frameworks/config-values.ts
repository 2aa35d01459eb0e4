// Reading an evaluated config (LoadedConfig.value): plain JSON data, with
// stand-ins, functions and regular expressions spelled as the sandbox spells
// them (IMPORT-CONTRACT.md). Nothing here trusts a shape: every reader says
// what it found, or undefined.
import picomatch from 'picomatch'

export type Data = Record<string, unknown>

export const isRecord = (value: unknown): value is Data => typeof value === 'object' && value !== null && !Array.isArray(value)

export const recordAt = (value: unknown): Data => (isRecord(value) ? value : {})

export const textAt = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined)

export const textsAt = (value: unknown): string[] | undefined =>
  typeof value === 'string' ? [value] : Array.isArray(value) && value.every((item) => typeof item === 'string') ? value : undefined

/** A function of the config (`editUrl: ({docPath}) => …`), which JSON could not carry. */
export const isFunction = (value: unknown): boolean => isRecord(value) && typeof value.__function === 'string'

/** The package a stand-in value came from (`starlight({…})` -> `@astrojs/starlight`). */
export function standInModule(value: unknown): string | undefined {
  const tag = isRecord(value) ? value.__standIn : undefined
  return isRecord(tag) ? textAt(tag.module) : undefined
}

/** A stand-in call's options: the object it was given (tagged), or its first argument. */
export function standInOptions(value: unknown): Data {
  if (!isRecord(value)) return {}
  if (Array.isArray(value.args)) return recordAt(value.args[0])
  const { __standIn: _tag, ...options } = value
  return options
}

/** Keys of `data` that are set (not undefined, null or false), in the order the config writes them. */
export const setKeys = (data: Data): string[] => Object.keys(data).filter((key) => data[key] !== undefined && data[key] !== null && data[key] !== false && key !== '__standIn')

/** Joins project-relative paths (`../docs` + `guide/a.md`), `.` and `..` resolved, `/` separators. */
export function joinPath(...parts: string[]): string {
  const out: string[] = []
  for (const segment of parts.join('/').split('/')) {
    if (segment === '' || segment === '.') continue
    if (segment === '..' && out.length > 0 && out[out.length - 1] !== '..') out.pop()
    else out.push(segment)
  }
  return out.join('/')
}

/** `files` under `dir` (project-relative), as paths relative to `dir`. */
export function filesUnder(files: readonly string[], dir: string): string[] {
  const prefix = dir === '' ? '' : `${dir}/`
  return files.filter((file) => file.startsWith(prefix)).map((file) => file.slice(prefix.length))
}

/** A matcher for glob patterns as Docusaurus and Astro read them (dot files matched too). */
export function globMatcher(patterns: readonly string[]): (path: string) => boolean {
  if (patterns.length === 0) return () => false
  return picomatch([...patterns], { dot: true })
}

export const isPage = (path: string): boolean => /\.mdx?$/.test(path)
