import GithubSlugger from 'github-slugger'
import type { ApiOperation } from '../../contract/index.ts'
import { asObject, text } from './operations.ts'

/** What places an operation in the reference: its slug comes from these alone. */
export type PlacedOperation = Pick<ApiOperation, 'api' | 'operationId' | 'method' | 'path' | 'kind' | 'tags'>

export interface TagGroup<T extends PlacedOperation> {
  name: string
  slug: string
  description: string | null
  draft: boolean
  operations: Array<{ operation: T; slug: string }>
}

/**
 * Operations grouped by their first tag, in the order of the document's `tags`, then of first use.
 * Operations without a tag sit at the API's own level; webhooks without one under `webhooks`.
 */
export function tagGroups<T extends PlacedOperation>(document: Record<string, unknown>, operations: T[]): Map<string, TagGroup<T>> {
  const slugger = new GithubSlugger()
  const prefix = operations[0]?.api ?? ''
  const groups = new Map<string, TagGroup<T>>()
  const declared = Array.isArray(document.tags) ? document.tags.map(asObject) : []
  const groupOf = (name: string | null): TagGroup<T> => {
    const key = name ?? ''
    let group = groups.get(key)
    if (!group) {
      const tag = declared.find((candidate) => candidate.name === name)
      const shown = text(tag?.['x-displayName']) ?? name
      group = {
        name: shown ?? '',
        slug: name === null ? prefix : `${prefix}/${slugger.slug(name)}`,
        description: text(tag?.description),
        draft: tag?.['x-draft'] === true,
        operations: [],
      }
      groups.set(key, group)
    }
    return group
  }
  for (const tag of declared) if (typeof tag.name === 'string') groupOf(tag.name)
  const pageSlugger = new Map<string, GithubSlugger>()
  for (const operation of operations) {
    const group = groupOf(operation.tags[0] ?? (operation.kind === 'webhook' ? 'webhooks' : null))
    const names = pageSlugger.get(group.slug) ?? new GithubSlugger()
    pageSlugger.set(group.slug, names)
    group.operations.push({ operation, slug: `${group.slug}/${names.slug(pageName(operation))}` })
  }
  for (const [key, group] of groups) if (group.operations.length === 0) groups.delete(key)
  return groups
}

/** `listBooks` -> `list-books`; without an operationId, the method and path: `get-books-bookid`. */
function pageName(operation: PlacedOperation): string {
  if (operation.operationId) return operation.operationId.replace(/([a-z0-9])([A-Z])/g, '$1-$2')
  return `${operation.method} ${operation.path.replace(/[{}]/g, '')}`
}
