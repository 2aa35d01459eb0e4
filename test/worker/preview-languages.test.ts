import { beforeAll, describe, expect, inject, it } from 'vitest'
import { publishBuild } from '../../publish/publish.ts'
import { clearKv, kvTarget, publishFixture, sourceOf } from './helpers.ts'
import { collect, page, texts } from './preview-helpers.ts'

/** The texts the page's script shows, as the server put them in the page. */
async function scriptText(html: string): Promise<Record<string, unknown>> {
  const [json] = await texts(html, 'script#preview-text')
  return JSON.parse(json ?? 'null')
}

describe('the preview in French (the fixture site)', () => {
  beforeAll(async () => {
    await clearKv()
    await publishFixture()
  })

  it('shows a French page with French chrome and lang="fr", left to right', async () => {
    const { html } = await page('/docs/fr/guides/installation')
    expect(await collect(html, 'html', 'lang')).toEqual(['fr'])
    expect(await collect(html, 'html', 'dir')).toEqual(['ltr'])
    expect(await texts(html, 'a.skip')).toEqual(['Aller au contenu'])
    expect(await texts(html, 'label[for="search-input"]')).toEqual(['Rechercher dans la documentation'])
    expect(await collect(html, '#search-input', 'placeholder')).toEqual(['Rechercher'])
    expect(await texts(html, 'aside.toc h2')).toEqual(['Sur cette page'])
    expect(await texts(html, 'a.releases-link')).toEqual(['Notes de version'])
    expect(await collect(html, 'nav.locales', 'aria-label')).toEqual(['Langues'])
    expect(await collect(html, 'nav.pager', 'aria-label')).toEqual(['Page précédente et suivante'])
    expect(await texts(html, 'p.edit a')).toEqual(['Modifier cette page'])
    expect(await scriptText(html)).toMatchObject({ noResults: 'Aucun résultat.', allSections: 'Tout', sections: { guides: 'Guides', index: 'Bienvenue' } })
  })

  it('says in French that a page falls back to English, and marks untranslated pages in the sidebar in French', async () => {
    const { html } = await page('/docs/fr/guides/deploy')
    expect(await texts(html, 'p.notice.fallback')).toEqual(['Cette page n’est pas encore traduite en français : elle est affichée en anglais.'])
    expect(await collect(html, 'article.doc', 'lang')).toEqual(['en'])
    expect(await texts(html, '.sidebar .badge')).toContain('non traduit')
    expect(await collect(html, '.sidebar .badge', 'title')).toContain('Non traduit : affiché dans la langue par défaut')
  })

  it('keeps English chrome on an English page', async () => {
    const { html } = await page('/docs/guides/install')
    expect(await collect(html, 'html', 'lang')).toEqual(['en'])
    expect(await texts(html, 'aside.toc h2')).toEqual(['On this page'])
    expect(await texts(html, 'a.skip')).toEqual(['Skip to content'])
  })

  it('titles the search facet chips with section titles, not slugs', async () => {
    const { html } = await page('/search?q=search')
    const chips = await texts(html, 'nav.facets a')
    expect(chips).toContainEqual(expect.stringMatching(/^API \(\d+\)$/))
    expect(chips.join(' ')).not.toMatch(/\bapi \(/)
  })

  it("names the preview's own pages in the reader's language", async () => {
    const releases = await page('/releases?locale=fr')
    expect(await texts(releases.html, 'main h1')).toEqual(['Notes de version'])
    expect(await texts(releases.html, 'legend')).toEqual(['Branches'])
    const search = await page('/search?q=installer&locale=fr')
    expect(await texts(search.html, 'main h1')).toEqual(['Recherche'])
    expect(await texts(search.html, 'main p[role="status"]')).toEqual([expect.stringMatching(/^Résultats pour « installer » : \d+\.$/)])
    const missing = await page('/docs/fr/no/such/page')
    expect(missing.response.status).toBe(404)
    expect(await texts(missing.html, 'main h1')).toEqual(['Page introuvable'])
  })
})

describe('the preview in Chinese and Arabic (test/fixtures/languages)', () => {
  beforeAll(async () => {
    await clearKv()
    await publishBuild(kvTarget(), sourceOf(inject('languagesSite')))
  })

  it('shows a Chinese page with Chinese chrome and lang="zh"', async () => {
    const { html } = await page('/docs/zh/guides/install')
    expect(await collect(html, 'html', 'lang')).toEqual(['zh'])
    expect(await collect(html, 'html', 'dir')).toEqual(['ltr'])
    expect(await texts(html, 'a.skip')).toEqual(['跳到主要内容'])
    expect(await texts(html, 'aside.toc h2')).toEqual(['本页总览'])
    expect(await collect(html, 'nav.locales', 'aria-label')).toEqual(['语言'])
    expect(await scriptText(html)).toMatchObject({ noResults: '没有结果。', sections: { guides: '指南', index: '欢迎' } })
  })

  it('says in Chinese that a page is not translated, naming the languages in Chinese', async () => {
    const { html } = await page('/docs/zh/guides/descale')
    expect(await texts(html, 'p.notice.fallback')).toEqual(['此页面尚未翻译成中文，当前以英语显示。'])
    expect(await texts(html, '.sidebar .badge')).toContain('未翻译')
  })

  it('sets dir="rtl" and Arabic chrome on an Arabic page, and keeps a left-to-right language of the same site ltr', async () => {
    const arabic = await page('/docs/ar/guides/install')
    expect(await collect(arabic.html, 'html', 'lang')).toEqual(['ar'])
    expect(await collect(arabic.html, 'html', 'dir')).toEqual(['rtl'])
    expect(await texts(arabic.html, 'aside.toc h2')).toEqual(['في هذه الصفحة'])
    expect(await collect(arabic.html, 'nav.crumbs', 'aria-label')).toEqual(['مسار التنقل'])
    const english = await page('/docs/guides/install')
    expect(await collect(english.html, 'html', 'dir')).toEqual(['ltr'])
  })

  it("titles the facet chips in the reader's language", async () => {
    const { html } = await page('/search?q=kettle&locale=zh')
    const chips = await texts(html, 'nav.facets a')
    // The home page is a result but its section is none a reader narrows to: no chip named after it (欢迎).
    expect(chips).toHaveLength(3)
    expect(chips[0]).toBe('全部')
    expect(chips).toContainEqual(expect.stringMatching(/^指南 \(\d+\)$/))
    expect(chips).toContainEqual(expect.stringMatching(/^保养 \(\d+\)$/))
  })
})
