import type { ApiOperation } from '../../contract/index.ts'
import type { GeneratedSourceFile } from '../content/front-matter.ts'
import type { ContentProblem } from '../content/problems.ts'
import { codeSamplesOf } from './code-samples.ts'
import type { ApiSource } from './config.ts'
import type { Relink } from './markdown-nodes.ts'
import { asObject, readOperations, securitySchemesOf, text, type ReadOperation } from './operations.ts'
import { apiMarkdown, operationMarkdown, tagMarkdown } from './page-markdown.ts'
import { redocRelink } from './redoc-links.ts'
import { tagGroups, type TagGroup as TagGroupOf } from './tag-groups.ts'

export interface ApiDocumentInput {
  api: ApiSource
  locale: string
  /** Where this locale's document is read from (a translation has a path of its own). */
  path: string
  document: Record<string, unknown>
  lineOf: (pointer: string) => number
  /** Its stamp: the time of the document's newest file. */
  mtimeMs: number
}

type TagGroup = TagGroupOf<ReadOperation>

/** What every page of one API in one locale shares while it is made. */
interface ApiContext {
  input: ApiDocumentInput
  operations: ReadOperation[]
  groups: Map<string, TagGroup>
  allDraft: boolean
  relink: Relink
  /** A page's file path and the place in the document it is made from. */
  place: (slug: string, pointer: string) => { path: string; origin: { path: string; line: number } }
}

/**
 * The pages of one API in one locale: an overview of the API (its index page), one per tag (the index of
 * the tag's folder, so the sidebar groups operations by tag) and one per operation, in the document's order.
 */
export function apiPages(input: ApiDocumentInput): { files: GeneratedSourceFile[]; problems: ContentProblem[] } {
  const { api, document } = input
  const operations = readOperations(document, api.slugPrefix)
  const groups = tagGroups(document, operations)
  const context: ApiContext = {
    input,
    operations,
    groups,
    allDraft: api.draft || asObject(document.info)['x-draft'] === true,
    relink: redocRelink({
      overview: api.slugPrefix,
      tags: new Map([...groups].filter(([name]) => name !== '').map(([name, group]) => [name, group.slug])),
      operations: new Map(
        [...groups.values()].flatMap((group) => group.operations.flatMap(({ operation, slug }) => (operation.operationId ? [[operation.operationId, slug] as const] : []))),
      ),
    }),
    place: (slug, pointer) => ({ path: `docs/${input.locale}/${slug}.md`, origin: { path: input.path, line: input.lineOf(pointer) } }),
  }
  const operationFiles = operationPages(context)
  return { files: [...operationFiles.files, ...tagPages(context), overviewPage(context)], problems: operationFiles.problems }
}

function operationPages({ input, operations, groups, allDraft, relink, place }: ApiContext): { files: GeneratedSourceFile[]; problems: ContentProblem[] } {
  const files: GeneratedSourceFile[] = []
  const problems: ContentProblem[] = []
  const taken = new Map<string, string>()
  // The document's order, which the sidebar keeps within each tag.
  const orderOf = new Map(operations.map((operation, order) => [operation, order]))
  for (const group of groups.values()) {
    for (const { operation, slug } of group.operations) {
      const earlier = taken.get(slug)
      if (earlier) {
        const message = `${label(operation)} would have the page "${slug}", which ${earlier} has: give it another operationId`
        problems.push({ path: input.path, line: input.lineOf(operation.pointer), message })
        continue
      }
      taken.set(slug, label(operation))
      const { pointer, draft, vendorSamples, ...read } = operation
      const full: ApiOperation = { ...read, codeSamples: codeSamplesOf(read, vendorSamples).codeSamples }
      const title = operation.summary ?? operation.operationId ?? label(operation)
      const where = place(slug, pointer)
      files.push({
        ...where,
        text: page({ title, description: label(operation), order: orderOf.get(operation) ?? 0, draft: allDraft || group.draft || draft }, operationMarkdown(full, relink)),
        mtimeMs: input.mtimeMs,
        generated: { origin: where.origin, operation: full, searchTerms: [operation.operationId ?? '', label(operation)].join(' ').trim() },
      })
    }
  }
  return { files, problems }
}

function tagPages({ input, groups, allDraft, relink, place }: ApiContext): GeneratedSourceFile[] {
  return [...groups.values()]
    .filter((group) => group.slug !== input.api.slugPrefix)
    .map((group, order) => {
      // A published overview must not link to a draft: drafts never leak.
      const listed = group.draft || allDraft ? group.operations : group.operations.filter(({ operation }) => !operation.draft)
      const operations = listed.map(({ operation, slug }) => ({
        slug,
        method: operation.method,
        path: operation.path,
        summary: operation.summary,
        deprecated: operation.deprecated,
      }))
      const description = text(group.description?.split('\n')[0]) ?? `${group.name} operations`
      const where = place(group.slug, '/tags')
      return {
        ...where,
        text: page(
          { title: group.name, description, order, draft: allDraft || group.draft },
          tagMarkdown({ name: group.name, description: group.description, operations }, relink),
        ),
        mtimeMs: input.mtimeMs,
        generated: { origin: where.origin, operation: null, searchTerms: '' },
      }
    })
}

function overviewPage({ input, operations, groups, allDraft, relink, place }: ApiContext): GeneratedSourceFile {
  const { api, document } = input
  const info = asObject(document.info)
  const title = api.title ?? text(info.title) ?? api.slugPrefix
  const overview = apiMarkdown(
    {
      version: text(info.version),
      description: text(info.description),
      servers: operations[0]?.servers ?? [],
      securitySchemes: [...securitySchemesOf(document).values()],
      tags: [...groups.values()].filter((group) => group.slug !== api.slugPrefix).map((group) => ({ name: group.name, slug: group.slug, description: group.description })),
      operations: operations.length,
    },
    relink,
  )
  const where = place(api.slugPrefix, '/info')
  return {
    ...where,
    text: page({ title, description: text(info.summary) ?? `${title}: reference of its ${operations.length} operations`, order: 0, draft: allDraft }, overview),
    mtimeMs: input.mtimeMs,
    generated: { origin: where.origin, operation: null, searchTerms: '' },
  }
}

/** `GET /books/{bookId}`, or `webhook newOrder` for a webhook. */
function label(operation: Pick<ReadOperation, 'kind' | 'method' | 'path'>): string {
  return operation.kind === 'webhook' ? `${operation.method.toUpperCase()} webhook ${operation.path}` : `${operation.method.toUpperCase()} ${operation.path}`
}

/** Front matter written as JSON values, which YAML reads as they are: no title can break out of its line. */
function page(data: { title: string; description: string; order: number; draft: boolean }, body: string): string {
  const lines = [`title: ${JSON.stringify(data.title)}`, `description: ${JSON.stringify(data.description)}`, `order: ${data.order}`]
  if (data.draft) lines.push('draft: true')
  return `---\n${lines.join('\n')}\n---\n\n${body}`
}
