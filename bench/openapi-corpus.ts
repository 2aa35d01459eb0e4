import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { stringify } from 'yaml'
import { random } from './corpus.ts'
import { OPS_PER_TAG, pascal, ref, resourceOperations, resourceSchemas, sharedComponents } from './openapi-parts.ts'

/**
 * A deterministic synthetic OpenAPI 3.1 document the size of a large public API: `operations`
 * operations, 25 to a tag (a resource with CRUD, four sub-collections and three actions), path,
 * query and header parameters, request and response bodies over about operations/5 component
 * schemas (nested objects, arrays, enums, allOf, oneOf with a discriminator, one recursive schema),
 * and descriptions of a few Markdown paragraphs. Beside it, a site.yml listing it and one page.
 */
export interface OpenApiSite {
  files: Map<string, string>
  /** The document as written to `DOCUMENT_PATH`, to edit and write again. */
  document: { paths: Record<string, Record<string, OperationObject>> } & Record<string, unknown>
}

interface OperationObject extends Record<string, unknown> {
  operationId: string
  description: string
}

export const DOCUMENT_PATH = 'openapi/bench.yaml'

const NOUNS = ['account', 'invoice', 'customer', 'shipment', 'product', 'order', 'payout', 'refund', 'webhook', 'report', 'ticket', 'project']
const AREAS = ['billing', 'catalog', 'fleet', 'identity', 'ledger', 'support', 'storage', 'search', 'checkout', 'partner', 'audit', 'media']

const SENTENCES = [
  'Requests are idempotent when they carry an `Idempotency-Key` header: a retry within 24 hours returns the first answer.',
  'The answer is **eventually consistent**: a change may take up to a few seconds to show in lists.',
  'Amounts are decimal strings such as `"18.90"`, never floating-point numbers.',
  'Lists are paged with an opaque `cursor`; follow `nextCursor` until it is `null`.',
  'Errors are [problem documents](https://www.rfc-editor.org/rfc/rfc9457) of type `application/problem+json`.',
  'Only callers with the `write` scope may do this; others get `403`.',
  'Archived items are kept for 90 days, then removed for good.',
  'Timestamps are RFC 3339 in UTC, for example `2026-01-31T09:30:00Z`.',
  'The rate limit is 100 requests a minute per key; `X-RateLimit-Remaining` says how many are left.',
  '> [!NOTE]\n> Sandbox keys see sandbox data only.',
]

/** `billing-accounts`, `catalog-accounts`…: 144 names, then numbered. */
function resourceName(index: number): string {
  const noun = NOUNS[Math.floor(index / AREAS.length) % NOUNS.length]
  return `${AREAS[index % AREAS.length]}-${noun}s${index >= AREAS.length * NOUNS.length ? `-${index}` : ''}`
}

export function generateOpenApiSite(options: { operations: number; seed?: number }): OpenApiSite {
  const next = random(options.seed ?? 42)
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T
  const prose = (lead: string, count: number) => [lead, ...Array.from({ length: count }, () => pick(SENTENCES))].join('\n\n')
  const components = sharedComponents()
  const schemas: Record<string, unknown> = { ...components.schemas }
  const resources = Array.from({ length: Math.ceil(options.operations / OPS_PER_TAG) }, (_, index) => {
    const resource = resourceName(index)
    return { resource, name: pascal(resource).replace(/s$/, '') }
  })
  const tags = resources.map(({ resource, name }, index) => {
    // Each resource's summary names the one before it as its owner: nested, but never deeper than one step.
    Object.assign(schemas, resourceSchemas(name, resource, index, index > 0 ? `${resources[index - 1]?.name}Summary` : 'Member'))
    return { name: resource, description: prose(`The ${resource.replace(/-/g, ' ')} of the platform.`, 2) }
  })
  const paths: OpenApiSite['document']['paths'] = {}
  const operations = resources.flatMap(({ resource, name }) => resourceOperations(resource, name).map((operation) => ({ resource, operation })))
  operations.slice(0, options.operations).forEach(({ resource, operation }, index) => {
    const item = paths[operation.path] ?? {}
    paths[operation.path] = item
    item[operation.method] = {
      operationId: operation.operationId,
      tags: [resource],
      summary: operation.summary,
      description: prose(`${operation.summary}.`, 1 + Math.floor(next() * 4)),
      ...(index % 97 === 5 ? { deprecated: true } : {}),
      parameters: [{ $ref: '#/components/parameters/RequestId' }, ...operation.parameters],
      ...(operation.body ? { requestBody: { required: true, content: { 'application/json': { schema: ref(operation.body) } } } } : {}),
      responses: operation.responses,
    }
  })
  const document = {
    openapi: '3.1.0',
    info: { title: 'Bench API', version: '1.0.0', description: prose('A synthetic API the size of a large public one.', 3) },
    servers: [{ url: 'https://api.example.com/v1', description: 'Production' }],
    security: [{ bearerAuth: [] }, { apiKey: [] }],
    tags,
    paths,
    components: { ...components, schemas },
  }
  const files = new Map([
    ['site.yml', `title: Bench API site\ndefaultLocale: en\nlocales:\n  en: English\nopenapi:\n  - path: ${DOCUMENT_PATH}\n`],
    ['docs/en/index.md', '# Bench API site\n\nThe reference of a synthetic API, made from its OpenAPI document.\n'],
    [DOCUMENT_PATH, openApiText(document)],
  ])
  return { files, document }
}

/** The document as the site's file holds it: YAML, lines never folded, as people keep them. */
export function openApiText(document: Record<string, unknown>): string {
  return stringify(document, { lineWidth: 0 })
}

export async function writeOpenApiSite(site: OpenApiSite, root: string): Promise<void> {
  for (const [path, text] of site.files) {
    await mkdir(dirname(join(root, path)), { recursive: true })
    await writeFile(join(root, path), text)
  }
}
