/**
 * Code blocks left plain for want of a grammar, added up: per language name
 * as written, how many blocks. Each rendering counts its own (render.ts); a
 * version adds up its pages, the build its versions.
 */
export function addUpCodeLanguages(counts: Iterable<Record<string, number>>): Record<string, number> {
  const total = new Map<string, number>()
  for (const byName of counts) for (const [name, blocks] of Object.entries(byName)) total.set(name, (total.get(name) ?? 0) + blocks)
  return Object.fromEntries([...total].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
}
