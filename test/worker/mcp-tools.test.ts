import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { beforeAll, describe, expect, it } from 'vitest'
import type { SearchResults } from '../../search/results.ts'
import { call, publishFixture, readJson, searchCall } from './helpers.ts'
import { connectMcp as connect } from './mcp-client.ts'
import { bearer, draftsToken } from './tokens.ts'

beforeAll(publishFixture)

/** Calls a tool as a reader without a token (or with `headers`), returning its text blocks. */
async function tool(name: string, args: Record<string, unknown>, headers: Record<string, string> = {}) {
  const result = (await (await connect(headers)).callTool({ name, arguments: args })) as CallToolResult
  const blocks = result.content.map((block) => (block.type === 'text' ? block.text : ''))
  return { isError: result.isError === true, blocks, text: blocks.join('\n') }
}

const searchSlugs = (text: string) => [...text.matchAll(/^ {3}slug: (\S+)/gm)].map((match) => match[1])
const httpSearch = async (body: Record<string, unknown>) => readJson<SearchResults>(await searchCall(body))
const markdownOf = async (path: string) => (await call(path)).text()

describe('search_docs', () => {
  it('ranks the same pages in the same order as POST /v1/search for the same input', async () => {
    const inputs = [
      { query: 'marmoset' },
      { query: 'marnoset', limit: 2 },
      { query: 'deploying' },
      { query: 'k8s' },
      { query: 'installateur', locale: 'fr' },
      { query: 'xylophone', locale: 'fr' },
      { query: 'the', limit: 50 },
    ]
    for (const input of inputs) {
      const expected = (await httpSearch(input)).results.map((hit) => hit.slug)
      expect(expected.length, JSON.stringify(input)).toBeGreaterThan(0)
      expect(searchSlugs((await tool('search_docs', input)).text), JSON.stringify(input)).toEqual(expected)
    }
  })

  it('keeps only the asked-for sections and tags, as the filters of POST /v1/search do', async () => {
    const cases = [{ sections: ['api'] }, { tags: ['cli'] }, { sections: ['guides'], tags: ['setup'] }]
    for (const filters of cases) {
      const expected = (await httpSearch({ query: 'the', limit: 50, filters })).results.map((hit) => hit.slug)
      expect(expected.length, JSON.stringify(filters)).toBeGreaterThan(0)
      expect(searchSlugs((await tool('search_docs', { query: 'the', limit: 50, ...filters })).text), JSON.stringify(filters)).toEqual(expected)
    }
  })

  it('gives each result its title, heading, tags, Markdown and web page URLs and a plain-text excerpt', async () => {
    const [hit] = (await httpSearch({ query: 'terminal' })).results
    const { text, isError } = await tool('search_docs', { query: 'terminal' })
    expect(isError).toBe(false)
    expect(hit?.heading).not.toBeNull()
    expect(text).toContain(`1. ${hit?.title} › ${hit?.heading?.text}\n   slug: guides/install (section guides, tags setup, cli, locale en)`)
    expect(text).toContain('   Markdown: https://docs.example/v1/documents/guides/install.md\n')
    expect(text).toContain(`   Web page: https://docs.example${hit?.url}\n`)
    expect(hit?.excerpt).toContain('<mark>')
    expect(text).toContain(`   ${hit?.excerpt.replace(/<\/?mark>/g, '')}`)
    expect(text).not.toContain('<mark>')
  })

  it('counts all matches by section and tag, so a model can narrow its search', async () => {
    const { facets } = await httpSearch({ query: 'the', limit: 1 })
    const { text } = await tool('search_docs', { query: 'the', limit: 1 })
    const line = /^All matches by section: (.*); by tag: (.*)\.$/m.exec(text)
    const counted = (list: string | undefined) => Object.fromEntries((list ?? '').split(', ').map((entry) => [entry.split(' ')[0], Number(entry.split(' ')[1])]))
    expect(counted(line?.[1])).toEqual(facets.sections)
    expect(counted(line?.[2])).toEqual(facets.tags)
  })

  it('names the locale in the Markdown URL of a translated result', async () => {
    expect((await tool('search_docs', { query: 'installateur', locale: 'fr' })).text).toContain('Markdown: https://docs.example/v1/documents/guides/installation.md?locale=fr')
  })

  it('answers a search that finds nothing with a hint, not an error', async () => {
    const { isError, text } = await tool('search_docs', { query: 'quetzalcoatl' })
    expect(isError).toBe(false)
    expect(text).toMatch(/^No page matches "quetzalcoatl" in en\. Try fewer or other words/)
    expect((await tool('search_docs', { query: 'marmoset', tags: ['cli'] })).text).toMatch(
      /^No page matches "marmoset" in en with these filters\. Try fewer or other words, or fewer filters/,
    )
  })

  it('refuses an empty or too long query and a limit out of range with a sentence to act on', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ query: '   ' }, 'query must not be empty'],
      [{ query: 'x'.repeat(201) }, 'query must be at most 200 characters'],
      [{ query: 'install', limit: 0 }, 'limit must be at least 1'],
      [{ query: 'install', limit: 51 }, 'limit must be at most 50'],
      [{ query: 'install', tags: ['t'.repeat(65)] }, 'a name must be at most 64 characters'],
      [{}, 'query'],
    ]
    for (const [args, sentence] of cases) {
      const { isError, text } = await tool('search_docs', args)
      expect(isError, JSON.stringify(args)).toBe(true)
      expect(text).toContain(sentence)
    }
  })

  it('finds a draft only with a drafts:read token', async () => {
    expect(searchSlugs((await tool('search_docs', { query: 'zeppelin' })).text)).toEqual([])
    expect(searchSlugs((await tool('search_docs', { query: 'zeppelin' }, bearer(await draftsToken()))).text)).toEqual(['guides/secret-plans'])
  })
})

describe('get_document', () => {
  it('answers with the same Markdown as GET /v1/documents/<slug>.md, after its title, locale and URLs', async () => {
    const { isError, blocks } = await tool('get_document', { slug: 'guides/install' })
    expect(isError).toBe(false)
    expect(blocks[0]).toBe(
      [
        'Title: Installing the service',
        'Slug: guides/install',
        'Locale: en',
        'Markdown: https://docs.example/v1/documents/guides/install.md',
        'Web page: https://docs.example/docs/guides/install',
      ].join('\n'),
    )
    expect(blocks[1]).toBe(await markdownOf('/v1/documents/guides/install.md'))
  })

  it('serves a page of a partial locale in the default locale and says it is a fallback', async () => {
    const { blocks } = await tool('get_document', { slug: 'guides/deploy', locale: 'fr' })
    expect(blocks[0]).toContain('Locale: en (fallback: this page has no fr translation yet, so it is served in en)')
    expect(blocks[1]).toBe(await markdownOf('/v1/documents/guides/deploy.md?locale=fr'))
  })

  it('serves a translation by its localized slug, or by the default slug with a locale', async () => {
    const bySlug = await tool('get_document', { slug: 'guides/installation' })
    const byLocale = await tool('get_document', { slug: 'guides/install', locale: 'fr' })
    for (const { blocks } of [bySlug, byLocale]) {
      expect(blocks[0]).toContain('Slug: guides/installation\nLocale: fr\nMarkdown: https://docs.example/v1/documents/guides/installation.md?locale=fr')
      expect(blocks[1]).toBe(await markdownOf('/v1/documents/guides/installation.md'))
    }
  })

  it('follows an old slug of a moved page and says which slug to use', async () => {
    const { isError, blocks } = await tool('get_document', { slug: 'guides/shipping' })
    expect(isError).toBe(false)
    expect(blocks[0]).toContain('Slug: guides/deploy')
    expect(blocks[0]).toContain('Redirected: "guides/shipping" is an old slug of this page; use "guides/deploy" from now on.')
    expect(blocks[1]).toBe(await markdownOf('/v1/documents/guides/deploy.md'))
  })

  it('accepts the Markdown URL that search_docs gives as a slug', async () => {
    const { blocks } = await tool('get_document', { slug: 'https://docs.example/v1/documents/guides/deploy.md' })
    expect(blocks[0]).toContain('Slug: guides/deploy')
  })

  it('answers a missing page with a tool error that suggests the closest slug', async () => {
    const typo = await tool('get_document', { slug: 'guides/instal' })
    expect(typo.isError).toBe(true)
    expect(typo.text).toMatch(/^No page has the slug "guides\/instal"\. Did you mean "guides\/install"/)
    expect(typo.text).toContain('Call search_docs to find pages by topic, or get_navigation to list every slug.')
    expect((await tool('get_document', { slug: 'reference/glosary' })).text).toContain('Did you mean "reference/glossary"')
    const nothingClose = await tool('get_document', { slug: 'qqqq/zzzz' })
    expect(nothingClose.text).toBe('No page has the slug "qqqq/zzzz". Call search_docs to find pages by topic, or get_navigation to list every slug.')
  })

  it('answers get_document for a draft only with a drafts:read token', async () => {
    const hidden = await tool('get_document', { slug: 'guides/secret-plans' })
    expect(hidden.isError).toBe(true)
    expect(hidden.text).toMatch(/^No page has the slug "guides\/secret-plans"\./)
    expect(hidden.text).not.toMatch(/zeppelin|secret plans|draft/i)
    const shown = await tool('get_document', { slug: 'guides/secret-plans' }, bearer(await draftsToken()))
    expect(shown.isError).toBe(false)
    expect(shown.blocks[0]).toContain('Draft: this page is not published yet')
    expect(shown.blocks[1]).toContain('Zeppelin launch details')
  })

  it('refuses an empty slug with a sentence to act on', async () => {
    const { isError, text } = await tool('get_document', { slug: ' ' })
    expect(isError).toBe(true)
    expect(text).toContain('slug must not be empty: give a slug from search_docs or get_navigation')
  })
})

describe('tool arguments', () => {
  it.each([
    ['search_docs', { query: 'marmoset', lmit: 3 }, 'lmit', 'limit'],
    ['get_document', { slug: 'guides/install', locle: 'fr' }, 'locle', 'locale'],
    ['get_navigation', { verison: 'latest' }, 'verison', 'version'],
    ['list_releases', { steam: 'cli' }, 'steam', 'stream'],
  ])('%s answers a misspelled argument with a tool error naming it and the one it likely meant', async (name, args, wrong, meant) => {
    const { isError, text } = await tool(name, args)
    expect(isError).toBe(true)
    expect(text).toContain(`"${wrong}"`)
    expect(text).toContain(`did you mean "${meant}"?`)
  })
})
