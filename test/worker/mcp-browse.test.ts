import { env } from 'cloudflare:workers'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker'
import { beforeAll, describe, expect, it } from 'vitest'
import type { NavTreeNode } from '../../contract/index.ts'
import app from '../../worker/index.ts'
import { call, publishFixture, readJson } from './helpers.ts'
import { bearer, draftsToken } from './tokens.ts'

beforeAll(publishFixture)

/** Calls a tool with the SDK's own client over Streamable HTTP, through the real app; returns its text. */
async function tool(name: string, args: Record<string, unknown>, headers: Record<string, string> = {}) {
  // The client's default validator, ajv, compiles with `new Function`, which workerd forbids.
  const client = new Client({ name: 'docs-tests', version: '1.0.0' }, { jsonSchemaValidator: new CfWorkerJsonSchemaValidator() })
  const transport = new StreamableHTTPClientTransport(new URL('https://docs.example/mcp'), {
    requestInit: { headers },
    fetch: async (url, init) => app.request(String(url), init, env),
  })
  await client.connect(transport)
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult
  return { isError: result.isError === true, text: result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n') }
}

/** Every slug of a sidebar, depth first, as GET /v1/navigation lists them. */
const treeSlugs = (items: NavTreeNode[]): string[] => items.flatMap((item) => [...(item.slug ? [item.slug] : []), ...treeSlugs(item.children)])
const listedSlugs = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1])
const httpNavigation = async (query = '', headers: Record<string, string> = {}) =>
  treeSlugs((await readJson<{ items: NavTreeNode[] }>(await call(`/v1/navigation${query}`, { headers }))).items)

describe('get_navigation', () => {
  it('answers the sidebar of GET /v1/navigation as an indented Markdown list of slugs', async () => {
    const { isError, text } = await tool('get_navigation', {})
    expect(isError).toBe(false)
    expect(listedSlugs(text)).toEqual(await httpNavigation())
    expect(text).toContain('- Guides `guides`\n  - Installing the service `guides/install`\n  - Deploying `guides/deploy`\n')
    expect(text).toContain('- Reference\n  - Glossary `reference/glossary`\n  - Limits\n    - Quotas `reference/limits/quotas`')
  })

  it('marks the untranslated pages of a partial locale', async () => {
    const { text } = await tool('get_navigation', { locale: 'fr' })
    expect(listedSlugs(text)).toEqual(await httpNavigation('?locale=fr'))
    expect(text).toContain('  - Installer le service `guides/installation`\n')
    expect(text).toContain('  - Deploying `guides/deploy` (not translated: shown in en)\n')
  })

  it('lists drafts in get_navigation only with a drafts:read token', async () => {
    expect((await tool('get_navigation', {})).text).not.toContain('guides/secret-plans')
    const token = bearer(await draftsToken())
    const { text } = await tool('get_navigation', {}, token)
    expect(text).toContain('  - Secret plans `guides/secret-plans` (draft)')
    expect(listedSlugs(text)).toEqual(await httpNavigation('', token))
  })

  it('says so when asked for a locale the docs do not have, and answers in the default one', async () => {
    const { isError, text } = await tool('get_navigation', { locale: 'de' })
    expect(isError).toBe(false)
    expect(text).toMatch(/^Note: these docs have no locale "de"; answering in en\. Locales: en, fr\./)
  })
})

const versions = (text: string) => [...text.matchAll(/^### ([^\s:]+)/gm)].map((match) => match[1])
async function httpVersions(query: string): Promise<string[]> {
  const body = await readJson<{ streams: Array<{ releases: Array<{ version: string }> }> }>(await call(`/v1/releases${query}`))
  return body.streams.flatMap((stream) => stream.releases.map((release) => release.version))
}

describe('list_releases', () => {
  it('answers the releases of GET /v1/releases with their notes, upgrade notes and related pages', async () => {
    const { isError, text } = await tool('list_releases', {})
    expect(isError).toBe(false)
    expect(versions(text)).toEqual(await httpVersions(''))
    expect(text).toContain(
      '### 2.0.0\nDate: 2026-06-01. Breaking: yes\nNotes: <p>A new storage layout.</p>\nRelated pages:\n- Deploying `guides/deploy` https://docs.example/v1/documents/guides/deploy.md',
    )
    expect(text).toContain('Upgrade notes: <p>Run the <strong>migration</strong> once.</p>')
    expect(text).toContain('### 1.0.0: First stable release\n')
  })

  it('filters by stream, version range and dates as GET /v1/releases does', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ stream: 'stable' }, '?stream=stable'],
      [{ version: '^1.4' }, '?version=%5E1.4'],
      [{ stream: 'stable', from: '2026-02-01', to: '2026-06-01' }, '?stream=stable&from=2026-02-01&to=2026-06-01'],
    ]
    for (const [args, query] of cases) expect(versions((await tool('list_releases', args)).text), query).toEqual(await httpVersions(query))
    expect((await tool('list_releases', { version: '>=9' })).text).toMatch(/^No release matches these filters\. Streams: /)
  })

  it('lists a related draft page only with a drafts:read token', async () => {
    expect((await tool('list_releases', { version: '2.0.0' })).text).not.toContain('guides/secret-plans')
    expect((await tool('list_releases', { version: '2.0.0' }, bearer(await draftsToken()))).text).toContain('- Secret plans `guides/secret-plans`')
  })

  it('refuses an unknown stream, a bad range or date, and from after to, with a sentence to act on', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ stream: 'nightly' }, 'There is no release stream "nightly". Streams: '],
      [{ version: 'banana' }, 'version must be a semver range such as'],
      [{ from: '2026-13-01' }, 'from must be an ISO date such as 2026-01-31'],
      [{ from: '2026-06-01', to: '2026-01-01' }, 'from (2026-06-01) is after to (2026-01-01): swap them, or leave one out.'],
    ]
    for (const [args, sentence] of cases) {
      const { isError, text } = await tool('list_releases', args)
      expect(isError, JSON.stringify(args)).toBe(true)
      expect(text).toContain(sentence)
    }
  })
})
