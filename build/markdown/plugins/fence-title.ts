const bracketTitle = /(?:^|\s)\[([^\]]+)\](?=\s|$)/
const titleAttribute = /(?:^|\s)title=(?:"([^"]*)"|'([^']*)')/

/**
 * The title a fence's meta gives its code: VitePress's `[vite.config.js]`
 * or the `title="jest.config.js"` of Docusaurus and Starlight, with the meta
 * left without it. The `code` helper's fence-meta parser (code-meta.ts)
 * reads all of the meta; this is the least the code group and the Markdown
 * copy need until the two are made one.
 */
export function fenceTitle(meta: string | null | undefined): { title: string; rest: string | null } | undefined {
  const text = meta ?? ''
  const match = bracketTitle.exec(text) ?? titleAttribute.exec(text)
  const title = match?.[1] ?? match?.[2]
  if (!match || title === undefined || title === '') return undefined
  return { title, rest: text.replace(match[0], ' ').trim() || null }
}
