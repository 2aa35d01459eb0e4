import type { PhrasingContent } from 'mdast'
import type { ContainerDirective } from 'mdast-util-directive'
import type { z } from 'zod'
import type { ApiCodeSample, ApiOperation, ApiSecurityScheme, ApiServerSchema, HttpMethod } from '../../contract/api-reference.ts'
import {
  type Block,
  code,
  descriptionBlocks,
  descriptionInline,
  heading,
  joinInline,
  leadInline,
  link,
  list,
  paragraph,
  type Relink,
  strong,
  text,
  writeMarkdown,
} from './markdown-nodes.ts'
import { callbacksSection, parametersSection, requestBodyBlocks, responsesSection } from './operation-sections.ts'

/**
 * The Markdown bodies of the API reference's documents (SPEC 1.3): one per
 * operation, per tag and per API. The build puts the title and front matter
 * on them and sends them through the site's pipeline like any page, so they
 * hold only Markdown that pipeline reads: GFM tables, GitHub alerts, fence
 * titles and VitePress code groups.
 */

type ApiServer = z.infer<typeof ApiServerSchema>

export interface TagOverviewInput {
  name: string
  description: string | null
  operations: Array<{ slug: string; method: HttpMethod; path: string; summary: string | null; deprecated: boolean }>
}

export interface ApiOverviewInput {
  version: string | null
  description: string | null
  servers: ApiServer[]
  securitySchemes: ApiSecurityScheme[]
  tags: Array<{ name: string; slug: string | null; description: string | null }>
  /** How many operations the API has. */
  operations: number
}

/** An operation's page: what a coding agent needs to call it, from the request line to an example request. */
export function operationMarkdown(operation: ApiOperation, relink?: Relink): string {
  return writeMarkdown(
    [
      ...requestLine(operation),
      ...(operation.deprecated ? [deprecation()] : []),
      ...descriptionBlocks(operation.description, 1),
      heading(2, [text('Authentication')]),
      ...securityBlocks(operation.security),
      ...parametersSection(operation.parameters),
      ...(operation.requestBody ? [heading(2, [text('Request body')]), ...requestBodyBlocks(operation.requestBody, 2)] : []),
      ...responsesSection(operation.responses),
      ...callbacksSection(operation.callbacks),
      ...codeSamplesSection(operation.codeSamples),
    ],
    relink,
  )
}

/** A tag's page: its description, then its operations, each linking to its page. */
export function tagMarkdown(tag: TagOverviewInput, relink?: Relink): string {
  const operations = tag.operations.map((operation) => [
    link(`/${operation.slug}`, [code(`${operation.method.toUpperCase()} ${operation.path}`)]),
    ...(operation.summary ? [text(`: ${operation.summary}`)] : []),
    ...(operation.deprecated ? [text(' (deprecated)')] : []),
  ])
  return writeMarkdown(
    [...descriptionBlocks(tag.description, 1), heading(2, [text('Operations')]), ...(operations.length > 0 ? [list(operations)] : [paragraph([text('None.')])])],
    relink,
  )
}

/** An API's page: its version, servers, authentication schemes and tags. */
export function apiMarkdown(api: ApiOverviewInput, relink?: Relink): string {
  const servers = api.servers.map((server) => joinInline([[code(server.url)], descriptionInline(server.description)], ': '))
  const schemes = api.securitySchemes.flatMap((scheme) => [heading(3, [text(scheme.name)]), paragraph(schemeKind(scheme)), ...descriptionBlocks(scheme.description, 3)])
  const tags = api.tags.map((tag) => joinInline([[tag.slug ? link(`/${tag.slug}`, [text(tag.name)]) : text(tag.name)], leadInline(tag.description)], ': '))
  return writeMarkdown(
    [
      ...(api.version ? [paragraph([text('Version: '), code(api.version)])] : []),
      ...descriptionBlocks(api.description, 1),
      paragraph([text(api.operations === 1 ? '1 operation.' : `${api.operations} operations.`)]),
      ...(servers.length > 0 ? [heading(2, [text('Servers')]), list(servers)] : []),
      ...(schemes.length > 0 ? [heading(2, [text('Authentication')]), ...schemes] : []),
      ...(tags.length > 0 ? [heading(2, [text('Tags')]), list(tags)] : []),
    ],
    relink,
  )
}

/** `GET /books/{bookId}` and the URL on the first server; a webhook has no URL of its own, the reader registers one. */
function requestLine(operation: ApiOperation): Block[] {
  const method = operation.method.toUpperCase()
  if (operation.kind === 'webhook') return [paragraph([text('Webhook '), code(operation.path), text(': the API sends '), code(method), text(' requests to a URL you register.')])]
  const server = operation.servers[0]
  const url = server ? [paragraph([text('URL: '), code(`${server.url.replace(/\/+$/, '')}${operation.path}`)])] : []
  return [paragraph([code(`${method} ${operation.path}`)]), ...url]
}

/** GitHub's alert syntax; `[!WARNING]` goes in as raw Markdown, since a text node's `[` would be escaped. */
function deprecation(): Block {
  const marker: PhrasingContent = { type: 'html', value: '[!WARNING]' }
  return { type: 'blockquote', children: [paragraph([marker, text('\nDeprecated: this operation may be removed; avoid it in new code.')])] }
}

/** Each alternative that grants access (any one will do), with the schemes it needs together. */
function securityBlocks(security: ApiSecurityScheme[][]): Block[] {
  if (security.length === 0) return [paragraph([text('None.')])]
  const alternatives = security.map((schemes) => (schemes.length === 0 ? [text('None')] : joinInline(schemes.map(schemeLine), ' and ')))
  const [only] = alternatives
  return alternatives.length === 1 && only ? [paragraph(only)] : [paragraph([text('Any one of:')]), list(alternatives)]
}

function schemeLine(scheme: ApiSecurityScheme): PhrasingContent[] {
  return [strong([text(scheme.name)]), text(' ('), ...schemeKind(scheme), text(')')]
}

/** How a scheme's credentials are sent, in words, with the scopes this requirement asks for. */
function schemeKind(scheme: ApiSecurityScheme): PhrasingContent[] {
  const scopes =
    scheme.scopes.length > 0
      ? [
          text(', scopes: '),
          ...joinInline(
            scheme.scopes.map((scope) => [code(scope)]),
            ', ',
          ),
        ]
      : []
  return [...kindWords(scheme), ...scopes]
}

function kindWords(scheme: ApiSecurityScheme): PhrasingContent[] {
  const httpScheme = scheme.scheme?.toLowerCase()
  switch (scheme.type) {
    case 'http':
      if (httpScheme === 'bearer') return [text('HTTP bearer: '), code('Authorization: Bearer <token>')]
      if (httpScheme === 'basic') return [text('HTTP basic: '), code('Authorization: Basic <credentials>')]
      return [text(`HTTP ${scheme.scheme ?? ''}`.trim())]
    case 'apiKey':
      return [text('API key in the '), code(scheme.parameterName ?? ''), text(` ${scheme.in === 'query' ? 'query parameter' : (scheme.in ?? 'header')}`)]
    case 'oauth2':
      return [text('OAuth 2.0')]
    case 'openIdConnect':
      return [text('OpenID Connect')]
    case 'mutualTLS':
      return [text('mutual TLS')]
    default:
      return [text(scheme.type)]
  }
}

/** The samples as a VitePress code group, one tab per language, which the site's pipeline renders as tabs. */
function codeSamplesSection(samples: ApiCodeSample[]): Block[] {
  if (samples.length === 0) return []
  const group: ContainerDirective = {
    type: 'containerDirective',
    name: 'code-group',
    attributes: {},
    children: samples.map((sample) => ({ type: 'code', lang: sample.lang, meta: `[${sample.label}]`, value: sample.source })),
  }
  return [heading(2, [text('Code samples')]), group]
}
