// Reading a VitePress config as the sandbox hands it over (plain JSON, with
// functions and stand-ins named): each reader says what it found, or undefined.

export type Data = Record<string, unknown>

export const isData = (value: unknown): value is Data => typeof value === 'object' && value !== null && !Array.isArray(value)

export const dataAt = (value: unknown): Data => (isData(value) ? value : {})

export const textAt = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined)

export const listAt = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])

/** A value the sandbox could only name: a function (`{__function}`) or a package's value it never ran (`{__standIn}` alone). */
export const isOpaque = (value: unknown): boolean => isData(value) && (typeof value.__function === 'string' || (Object.keys(value).length === 1 && '__standIn' in value))

/** Joins `/`-separated paths, resolving `.` and `..`, without leading or trailing slashes. */
export function joinPaths(...parts: string[]): string {
  const out: string[] = []
  for (const segment of parts.join('/').split('/')) {
    if (segment === '' || segment === '.') continue
    if (segment === '..' && out.length > 0 && out.at(-1) !== '..') out.pop()
    else out.push(segment)
  }
  return out.join('/')
}

export const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)
