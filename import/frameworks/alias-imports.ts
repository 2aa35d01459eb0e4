// Markdown partials an MDX page imports through an alias (`import Input from
// '@/components/formatter/input.md'`): Astro resolves tsconfig's `paths` and
// Vite's `resolve.alias`; the build reads only relative imports of `_`
// files. A partial that is in the repository is copied under the default
// locale's `_imported/` folder and the import rewritten to it; one that is
// not (a script writes it before the framework builds) is left as written,
// and the build warns of the component and keeps its children.
import type { Root } from 'mdast'
import { parse as parseJsonc } from 'jsonc-parser'
import remarkMdx from 'remark-mdx'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import type { PlannedFile } from '../plan.ts'
import { isRecord, joinPath, recordAt, textAt, type Data } from './config-values.ts'

/** One alias: a specifier prefix and the project-relative folder it stands for. */
interface Alias {
  find: string
  replacement: string
  /** tsconfig's `@/*` matches `@/` only; Vite's `@` matches `@` and `@/…`. */
  exact: boolean
}

export type AliasResolver = (specifier: string) => string | undefined

const markdownFile = /\.mdx?$/

const esmParser = unified().use(remarkParse).use(remarkMdx).freeze()

/**
 * The aliases of a project: tsconfig.json's `compilerOptions.paths` (first
 * target, relative to `baseUrl`) and the config's `vite.resolve.alias`
 * (an object or a list of `{find, replacement}`; a RegExp `find` is not
 * followed). `root` is the project's absolute folder, which an absolute
 * replacement is made relative to.
 */
export function projectAliases(tsconfigText: string | undefined, vite: Data, root: string): AliasResolver {
  const aliases: Alias[] = []
  const compilerOptions = recordAt(recordAt(tsconfigText === undefined ? {} : parseJsonc(tsconfigText)).compilerOptions)
  const baseUrl = textAt(compilerOptions.baseUrl) ?? '.'
  for (const [pattern, targets] of Object.entries(recordAt(compilerOptions.paths))) {
    const target = Array.isArray(targets) ? textAt(targets[0]) : undefined
    if (target === undefined || !pattern.endsWith('/*') || !target.endsWith('/*')) continue
    aliases.push({ find: pattern.slice(0, -1), replacement: joinPath(baseUrl, target.slice(0, -2)), exact: false })
  }
  const viteAliases = recordAt(vite.resolve).alias
  const entries = Array.isArray(viteAliases) ? viteAliases.filter(isRecord).map((entry) => [entry.find, entry.replacement] as const) : Object.entries(recordAt(viteAliases))
  for (const [find, replacement] of entries) {
    const to = textAt(replacement)
    if (typeof find !== 'string' || to === undefined) continue
    const relative = to.startsWith(`${root}/`) ? to.slice(root.length + 1) : to.startsWith('/') ? undefined : joinPath(to)
    if (relative !== undefined) aliases.push({ find, replacement: relative, exact: true })
  }
  return (specifier) => {
    for (const alias of aliases) {
      if (alias.exact && specifier !== alias.find && !specifier.startsWith(`${alias.find}/`)) continue
      if (!alias.exact && !specifier.startsWith(alias.find)) continue
      return joinPath(alias.replacement, specifier.slice(alias.find.length))
    }
    return undefined
  }
}

interface AliasImports {
  /** The page's text with its alias imports of partials rewritten, or undefined when nothing changed. */
  text: string | undefined
  copies: PlannedFile[]
  /** Project paths of partials imported through an alias that are not in the project (generated at build time). */
  missing: string[]
  /** Non-relative specifiers of Markdown files that no alias of the project names (`@/x.md` without a tsconfig.json). */
  unresolved: string[]
}

interface Where {
  /** The page's content-folder path (`docs/pl/index.mdx`), which relative imports are written from. */
  to: string
  /** The folder partials are copied into (`docs/en/_imported`). */
  home: string
}

/** Rewrites the alias imports of Markdown partials in an MDX text, with the copies of the partials (whose own alias imports are followed too). */
export function rewriteAliasImports(
  text: string,
  where: Where,
  project: { resolve: AliasResolver; readText: (path: string) => string | undefined },
  seen = new Set<string>(),
): AliasImports {
  const result: AliasImports = { text: undefined, copies: [], missing: [], unresolved: [] }
  if (!/^import\s/m.test(text)) return result
  const edits: Array<{ start: number; end: number; value: string }> = []
  for (const { specifier, start, end } of importSources(text)) {
    if (!markdownFile.test(specifier) || specifier.startsWith('.')) continue
    const source = project.resolve(specifier)
    if (source === undefined) {
      result.unresolved.push(specifier)
      continue
    }
    const partialText = project.readText(source)
    if (partialText === undefined) {
      result.missing.push(source)
      continue
    }
    // Under `_imported/`, the copy is a partial whatever its name.
    const copy = `${where.home}/${source.replace(/^src\//, '')}`
    edits.push({ start, end, value: JSON.stringify(relativePath(where.to, copy)) })
    if (seen.has(copy)) continue
    seen.add(copy)
    const nested = rewriteAliasImports(partialText, { to: copy, home: where.home }, project, seen)
    result.copies.push(nested.text === undefined ? { to: copy, from: source } : { to: copy, text: nested.text }, ...nested.copies)
    result.missing.push(...nested.missing)
    result.unresolved.push(...nested.unresolved)
  }
  if (edits.length > 0) result.text = edits.reduceRight((out, edit) => out.slice(0, edit.start) + edit.value + out.slice(edit.end), text)
  return result
}

/** The import declarations' source strings of an MDX text, with their offsets; none when the text is not valid MDX (the build reports that). */
function importSources(text: string): Array<{ specifier: string; start: number; end: number }> {
  // Front matter is YAML, which MDX may misread: blanked, so offsets stay the text's.
  const body = text.replace(/^---\r?\n[\s\S]*?\r?\n---/, (frontMatter) => frontMatter.replace(/[^\n]/g, ' '))
  let tree: Root
  try {
    tree = esmParser.parse(body)
  } catch {
    return []
  }
  const found: Array<{ specifier: string; start: number; end: number }> = []
  for (const node of tree.children) {
    if (node.type !== 'mdxjsEsm') continue
    for (const statement of node.data?.estree?.body ?? []) {
      if (statement.type !== 'ImportDeclaration' || typeof statement.source.value !== 'string') continue
      const [start, end] = statement.source.range ?? []
      if (start !== undefined && end !== undefined) found.push({ specifier: statement.source.value, start, end })
    }
  }
  return found
}

/** `./x` or `../x` from the folder of `from` to `to`, both content-folder paths. */
function relativePath(from: string, to: string): string {
  const fromParts = from.split('/').slice(0, -1)
  const toParts = to.split('/')
  let shared = 0
  while (shared < fromParts.length && shared < toParts.length - 1 && fromParts[shared] === toParts[shared]) shared += 1
  const up = fromParts.length - shared
  return `${up === 0 ? './' : '../'.repeat(up)}${toParts.slice(shared).join('/')}`
}
