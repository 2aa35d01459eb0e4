import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'

// `from` and a quoted relative path end every import and re-export statement that names a
// module; `import` and a quoted path alone is an import for its side effects. Type-only
// imports are followed too: they rarely change and cost one extra re-render
// when they do, while telling them apart from mixed imports
// (`import { type A, b }`) would take a parser.
const relativeSpecifier = /\bfrom\s*['"](\.\.?\/[^'"]+)['"]|\bimport\s*['"](\.\.?\/[^'"]+)['"]/g

/** Every local module reached from `entries` through static imports, as sorted file paths, with its text. */
export async function reachableModules(entries: URL[]): Promise<Map<string, string>> {
  const modules = new Map<string, string>()
  const visit = async (url: URL): Promise<void> => {
    const path = fileURLToPath(url)
    if (modules.has(path)) return
    const text = await readFile(path, 'utf8')
    modules.set(path, text)
    for (const [, from, sideEffect] of text.matchAll(relativeSpecifier)) await visit(new URL((from ?? sideEffect) as string, url))
  }
  for (const entry of entries) await visit(entry)
  return new Map([...modules].sort(([a], [b]) => a.localeCompare(b)))
}

/** A hash of the code that produces an output: it changes when any module it runs changes. */
export async function codeHash(entries: URL[]): Promise<string> {
  const hash = createHash('sha256')
  for (const text of (await reachableModules(entries)).values()) hash.update(`${text}\u0000`)
  return hash.digest('hex')
}
