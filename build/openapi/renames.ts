import { HTTP_METHODS } from '../../contract/index.ts'
import type { FileRename } from '../content/read-results.ts'
import { isObject } from './dereference.ts'
import { asObject } from './operations.ts'
import { tagGroups, type PlacedOperation } from './tag-groups.ts'

/**
 * Each operation's page slug by what stays when its operationId changes: its method and path (a webhook's
 * name). Read from the document as written, without its schemas: an earlier version of a document is
 * read only for this, and a path item kept in another file (a `$ref`) is not followed.
 */
export function operationSlugs(document: Record<string, unknown>, slugPrefix: string): Map<string, string> {
  const operations: Array<PlacedOperation & { key: string }> = []
  for (const [kind, items] of [
    ['operation', document.paths],
    ['webhook', document.webhooks],
  ] as const) {
    for (const [path, item] of Object.entries(asObject(items))) {
      for (const method of HTTP_METHODS) {
        const operation = asObject(item)[method]
        if (!isObject(operation)) continue
        const tags = Array.isArray(operation.tags) ? operation.tags.filter((tag): tag is string => typeof tag === 'string') : []
        const operationId = typeof operation.operationId === 'string' ? operation.operationId : null
        operations.push({ api: slugPrefix, operationId, method, path, kind, tags, key: `${kind} ${method} ${path}` })
      }
    }
  }
  const slugs = new Map<string, string>()
  for (const group of tagGroups(document, operations).values()) for (const { operation, slug } of group.operations) slugs.set(operation.key, slug)
  return slugs
}

/**
 * The pages an operation had in earlier versions of its document (newest first) under another slug, as
 * renames of their files in every locale: the build's git renames then make each old slug a redirect,
 * unless a live page has it (so a renamed operationId leaves a redirect, as a renamed file does).
 */
export function operationRenames(current: Map<string, string>, earlier: Array<Map<string, string>>, locales: readonly string[]): FileRename[] {
  const renames: FileRename[] = []
  for (const slugs of earlier)
    for (const [key, old] of slugs) {
      const now = current.get(key)
      if (now !== undefined && now !== old) for (const locale of locales) renames.push({ from: `docs/${locale}/${old}.md`, to: `docs/${locale}/${now}.md` })
    }
  return renames
}
