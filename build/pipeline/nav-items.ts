import { isGenerated } from '../content/front-matter.ts'
import { splitNumberPrefix } from '../content/number-prefix.ts'
import type { ContentProblem } from '../content/problems.ts'
import { resolveRelative } from '../markdown/content-paths.ts'
import { withoutMarkdownExtension } from '../content/files.ts'
import type { RenderedSource } from './assemble.ts'
import type { NavItem } from './nav-item.ts'

const fileName = (path: string) => withoutMarkdownExtension(path.slice(path.lastIndexOf('/') + 1))

/**
 * What navigation needs of each document, with its front matter `prev`/`next`
 * resolved to document ids: a slug or a relative `.md` path, or `false`.
 */
export function navItems(sources: RenderedSource[]): { items: Map<RenderedSource, NavItem>; problems: ContentProblem[] } {
  const byPath = new Map(sources.map((source) => [source.path, source]))
  const bySlug = new Map(sources.map((source) => [source.slug, source]))
  const problems: ContentProblem[] = []
  const items = new Map<RenderedSource, NavItem>()
  for (const source of sources) {
    const data = source.parsed.data
    const resolve = (key: 'prev' | 'next'): string | false | undefined => {
      const value = data[key]
      if (value === undefined || value === false) return value
      const target = value.endsWith('.md') ? byPath.get(resolveRelative(source.path, value)) : bySlug.get(value.replace(/^\/+|\/+$/g, ''))
      if (!target) problems.push({ path: source.path, line: source.parsed.lineOf(key), message: `${key} "${value}" points at no document` })
      return target?.docId
    }
    const prev = resolve('prev')
    const next = resolve('next')
    items.set(source, {
      docId: source.docId,
      slug: source.slug,
      url: source.url,
      fallback: false,
      title: data.sidebar_label ?? data.sidebar?.label ?? source.title,
      order: data.order ?? data.sidebar_position ?? data.sidebar?.order ?? splitNumberPrefix(fileName(source.path)).position,
      draft: source.draft,
      ...(isGenerated(source.parsed.file) && source.parsed.file.generated.operation ? { method: source.parsed.file.generated.operation.method } : {}),
      hidden: data.sidebar?.hidden ?? false,
      ...(prev === undefined ? {} : { prev }),
      ...(next === undefined ? {} : { next }),
    })
  }
  return { items, problems }
}
