import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { Reader, type Caller } from '../../worker/read-model/index.ts'
import { visibleVariant } from '../../worker/read-model/visibility.ts'
import { Store } from '../../worker/store.ts'
import { publishFixture, variantOf } from './helpers.ts'

// The read model answers every surface (HTTP, MCP, preview); each of its rules is held here once.
beforeAll(publishFixture)

const PUBLIC: Caller = { canReadDrafts: false, acceptLanguage: undefined }
const AUTHOR: Caller = { canReadDrafts: true, acceptLanguage: undefined }
const open = (caller: Caller = PUBLIC) => Reader.open(new Store({ kv: env.DOCS_KV, pointerTtlMs: 0 }), caller)

describe('the draft rule', () => {
  it('hides a draft from a caller without the scope as if it did not exist', async () => {
    const answer = await (await open()).document('guides/secret-plans')
    expect(answer).toEqual({ kind: 'missing', slug: 'guides/secret-plans', bySuffix: false })
  })

  it('serves a draft to a caller with the scope, as a private view', async () => {
    const answer = await (await open(AUTHOR)).document('guides/secret-plans')
    expect(answer.kind).toBe('found')
    if (answer.kind !== 'found') return
    expect(answer.variant.draft).toBe(true)
    expect(answer.json.private).toBe(true)
    expect(JSON.parse(await answer.json.load()).slug).toBe('guides/secret-plans')
  })

  it('is one function that every surface calls: a draft variant needs the scope', () => {
    const draft = variantOf('guides/secret-plans')
    const page = { docId: 'guides/secret-plans', variants: { en: draft } }
    expect(visibleVariant(page, 'en', false)).toBeUndefined()
    expect(visibleVariant(page, 'en', true)).toEqual(draft)
    expect(visibleVariant(page, 'fr', true)).toBeUndefined()
  })

  it('keeps a redirect to a hidden draft from revealing that the draft exists', async () => {
    expect(await (await open()).document('guides/old-plans')).toEqual({ kind: 'missing', slug: 'guides/old-plans', bySuffix: false })
    expect(await (await open(AUTHOR)).document('guides/old-plans')).toEqual({ kind: 'redirect', slug: 'guides/secret-plans', bySuffix: false, private: true })
  })

  it('gives the drafts sidebar only to a caller with the scope', async () => {
    const reader = await open()
    const author = await open(AUTHOR)
    const publicTree = reader.navigation(reader.locale())
    const draftsTree = author.navigation(author.locale())
    expect(publicTree.private).toBe(false)
    expect(draftsTree.private).toBe(true)
    expect(JSON.stringify(await publicTree.load())).not.toContain('secret-plans')
    expect(JSON.stringify(await draftsTree.load())).toContain('secret-plans')
  })
})

describe('the locale choice', () => {
  it('takes an explicit locale first, then Accept-Language, then the default', async () => {
    const reader = await open({ canReadDrafts: false, acceptLanguage: 'fr-CA, en;q=0.5' })
    expect(reader.locale('en')).toEqual({ locale: 'en', negotiated: false })
    expect(reader.locale()).toEqual({ locale: 'fr', negotiated: true })
    expect((await open()).locale()).toEqual({ locale: 'en', negotiated: true })
  })

  it('serves a page missing in the chosen locale in the default locale', async () => {
    const answer = await (await open()).document('guides/deploy', { locale: 'fr' })
    expect(answer.kind).toBe('found')
    if (answer.kind !== 'found') return
    expect(answer.choice.locale).toBe('fr')
    expect(answer.variant.locale).toBe('en')
  })

  it('lets a localized slug choose its locale unless the caller names one', async () => {
    const reader = await open()
    const own = await reader.document('guides/installation')
    const asked = await reader.document('guides/installation', { locale: 'en' })
    expect(own.kind === 'found' && own.variant.locale).toBe('fr')
    expect(asked.kind === 'found' && asked.variant.locale).toBe('en')
  })
})

describe('redirects', () => {
  it('answers an old slug with the current default-locale slug, keeping the Markdown suffix', async () => {
    expect(await (await open()).document('guides/shipping.md')).toEqual({ kind: 'redirect', slug: 'guides/deploy', bySuffix: true, private: false })
  })

  it('follows an old slug to its page when asked to, naming the old slug', async () => {
    const answer = await (await open()).document('guides/shipping', { followRedirect: true })
    expect(answer.kind === 'found' && [answer.variant.slug, answer.movedFrom]).toEqual(['guides/deploy', 'guides/shipping'])
  })
})

describe('site information', () => {
  it('tells the site and the live build in one status answer', async () => {
    const status = (await open()).status()
    expect(status.site).toEqual(expect.objectContaining({ title: 'Fixture docs', defaultLocale: 'en', locales: ['en', 'fr'], baseUrl: '/docs/' }))
    expect(status.documents).toEqual({ en: 12, fr: 2 })
  })
})
