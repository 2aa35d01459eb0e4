import { describe, expect, it } from 'vitest'
import { toSourceDocuments } from '../../build/content/documents.ts'
import { parseDocumentFile } from '../../build/content/front-matter.ts'
import { frontMatterRedirectSources, gitRenameSources, liveSlugsOf, resolveRedirects, siteRedirectSources, type RedirectSource } from '../../build/content/redirects.ts'
import { parseSiteConfig, type SiteConfig } from '../../build/content/site-config.ts'
import { doc, SITE_EN_FR } from '../shared/build-helpers.ts'

/** Live slugs of the tests: `install` is localized as `installer` in French; `secret` is a draft. */
const LIVE = new Map([
  ['install', 'install'],
  ['installer', 'install'],
  ['guides', 'guides'],
  ['secret', 'secret'],
])

let nextLine = 1
const explicit = (from: string, to: string, path = 'site.yml'): RedirectSource => ({ from, to, path, line: nextLine++, kind: 'site.yml' })
const renamed = (from: string, to: string): RedirectSource => ({ from, to, path: `docs/en/${to}.md`, line: 1, kind: 'git rename' })
const resolve = (...sources: RedirectSource[]) => resolveRedirects({ sources, liveSlugs: LIVE })

describe('resolving redirects', () => {
  it('sends an old slug to the document its target names, whichever locale the target slug is from', () => {
    expect(resolve(explicit('setup', 'install'), explicit('mise-en-place', 'installer'))).toEqual({
      redirects: { setup: 'install', 'mise-en-place': 'install' },
      problems: [],
    })
  })

  it('collapses a chain, so every old slug on it leads straight to the live page', () => {
    expect(resolve(explicit('a', 'b'), explicit('b', 'install')).redirects).toEqual({ a: 'install', b: 'install' })
    expect(resolve(explicit('old', 'older'), renamed('older', 'guides')).redirects).toEqual({ old: 'guides', older: 'guides' })
  })

  it('reports a cycle at every redirect in it, naming its slugs, and not at one that only leads into it', () => {
    const a = explicit('a', 'b')
    const b = explicit('b', 'c', 'docs/en/x.md')
    const c = explicit('c', 'a')
    const intoIt = explicit('d', 'a')
    expect(resolve(a, b, c, intoIt)).toEqual({
      redirects: {},
      problems: [
        { path: 'site.yml', line: a.line, message: 'redirect cycle: "a" -> "b" -> "c" -> "a"' },
        { path: 'docs/en/x.md', line: b.line, message: 'redirect cycle: "b" -> "c" -> "a" -> "b"' },
        { path: 'site.yml', line: c.line, message: 'redirect cycle: "c" -> "a" -> "b" -> "c"' },
      ],
    })
  })

  it('reports a redirect from a slug that a live page still uses', () => {
    const shadowing = explicit('installer', 'guides')
    expect(resolve(shadowing)).toEqual({
      redirects: {},
      problems: [{ path: 'site.yml', line: shadowing.line, message: 'redirect from "installer" shadows a live page' }],
    })
  })

  it('drops a git rename whose old path holds a live page again, without a problem', () => {
    expect(resolve(renamed('install', 'guides'), renamed('moved', 'install'))).toEqual({ redirects: { moved: 'install' }, problems: [] })
  })

  it('reports two redirects that send one slug to different documents, at both', () => {
    const first = explicit('old', 'install')
    const second = explicit('old', 'guides', 'docs/en/guides/index.md')
    expect(resolve(first, second).problems).toEqual([
      { path: second.path, line: second.line, message: `redirect from "old" goes to "guides" here but to "install" in site.yml:${first.line}` },
      { path: first.path, line: first.line, message: `redirect from "old" goes to "install" here but to "guides" in docs/en/guides/index.md:${second.line}` },
    ])
  })

  it('accepts two redirects that send one slug to one document under its slugs in two locales', () => {
    expect(resolve(explicit('old', 'install'), explicit('old', 'installer'))).toEqual({ redirects: { old: 'install' }, problems: [] })
  })

  it('reports a redirect to a slug no document has, at the redirect whose target is missing', () => {
    const broken = explicit('b', 'gone')
    expect(resolve(explicit('a', 'b'), broken).problems).toEqual([{ path: 'site.yml', line: broken.line, message: 'redirect to "gone" points at no document' }])
  })

  it('reports an author redirect that leads into a git rename of a since deleted page', () => {
    const author = explicit('a', 'b')
    expect(resolve(author, renamed('b', 'deleted')).problems).toEqual([{ path: 'site.yml', line: author.line, message: 'redirect to "b" points at no document' }])
  })

  it('drops git renames of a since deleted page, even renamed back and forth, without a problem', () => {
    expect(resolve(renamed('a', 'deleted'), renamed('x', 'y'), renamed('y', 'x'))).toEqual({ redirects: {}, problems: [] })
  })

  it('lets an author redirect win over a git rename of the same slug, and the newest rename over older ones', () => {
    expect(resolve(renamed('old', 'guides'), explicit('old', 'install')).redirects).toEqual({ old: 'install' })
    expect(resolve(renamed('old', 'guides'), renamed('old', 'install')).redirects).toEqual({ old: 'guides' })
  })

  it('lets a redirect lead to a draft', () => {
    expect(resolve(explicit('hidden', 'secret')).redirects).toEqual({ hidden: 'secret' })
  })
})

function siteOf(text: string): SiteConfig {
  const result = parseSiteConfig(text)
  if (!result.ok) throw new Error(`unexpected problems: ${JSON.stringify(result.problems)}`)
  return result.site
}

describe('redirects in front matter', () => {
  const parse = (path: string, frontMatter: string) => parseDocumentFile({ path, text: doc(frontMatter, '# Page\n'), mtimeMs: 0 })

  it('reads one old slug or a list, without leading or trailing slashes, at the line of redirectFrom', () => {
    const one = parse('docs/en/install.md', 'title: Install\nredirectFrom: /guides/old-install/')
    expect(one.value.data.redirectFrom).toEqual(['guides/old-install'])
    const list = parse('docs/fr/install.md', 'slug: installer\nredirectFrom:\n  - setup\n  - guides/setup')
    expect(list.value.data.redirectFrom).toEqual(['setup', 'guides/setup'])
    const { documents } = toSourceDocuments([one.value, list.value], siteOf(SITE_EN_FR))
    expect(frontMatterRedirectSources(documents)).toEqual([
      { from: 'guides/old-install', to: 'install', path: 'docs/en/install.md', line: 3, kind: 'front matter' },
      { from: 'setup', to: 'installer', path: 'docs/fr/install.md', line: 3, kind: 'front matter' },
      { from: 'guides/setup', to: 'installer', path: 'docs/fr/install.md', line: 3, kind: 'front matter' },
    ])
    expect(liveSlugsOf(documents)).toEqual(
      new Map([
        ['install', 'install'],
        ['installer', 'install'],
      ]),
    )
  })

  it('refuses slugs that climb, alias or are empty, and values that are no slugs', () => {
    const messages = (frontMatter: string) => parse('docs/en/a.md', `title: A\n${frontMatter}`).problems.map((p) => `${p.line}: ${p.message}`)
    expect(messages('redirectFrom: [ok, ../up, a/./b, "a\\\\b", "/", a//b]')).toEqual([
      '3: front matter "redirectFrom.1": "../up" is not a relative slug such as "guides/old-install"',
      '3: front matter "redirectFrom.2": "a/./b" is not a relative slug such as "guides/old-install"',
      '3: front matter "redirectFrom.3": "a\\b" is not a relative slug such as "guides/old-install"',
      '3: front matter "redirectFrom.4": "/" is not a relative slug such as "guides/old-install"',
      '3: front matter "redirectFrom.5": "a//b" is not a relative slug such as "guides/old-install"',
    ])
    expect(messages('redirectFrom: 3')).toEqual(['3: front matter "redirectFrom": must be a slug or a list of slugs'])
  })
})

describe('redirects in site.yml', () => {
  const SITE_TOP = 'title: T\ndefaultLocale: en\n'

  it('reads each redirect with the line of its list item, without leading or trailing slashes', () => {
    const site = siteOf(`${SITE_TOP}redirects:\n  - from: /old/page/\n    to: guides\n  - { from: legacy, to: install }\n`)
    expect(site.redirects).toEqual([
      { from: 'old/page', to: 'guides', line: 4 },
      { from: 'legacy', to: 'install', line: 6 },
    ])
    expect(siteRedirectSources(site)).toEqual([
      { from: 'old/page', to: 'guides', path: 'site.yml', line: 4, kind: 'site.yml' },
      { from: 'legacy', to: 'install', path: 'site.yml', line: 6, kind: 'site.yml' },
    ])
    expect(siteOf(SITE_TOP).redirects).toEqual([])
  })

  it('reports a bad redirect at the line of its list item, or of redirects when the list is written inline', () => {
    expect(parseSiteConfig(`${SITE_TOP}redirects:\n- from: ok\n  to: fine\n- from: ../up\n  to: fine\n- to: fine\nlinks: warn\n`)).toEqual({
      ok: false,
      problems: [
        { path: 'site.yml', line: 6, message: 'redirects.1.from: "../up" is not a relative slug such as "guides/old-install"' },
        { path: 'site.yml', line: 8, message: expect.stringMatching(/^redirects\.2\.from: /) },
      ],
    })
    expect(parseSiteConfig(`${SITE_TOP}redirects: [{ from: a, to: "" }]\n`)).toMatchObject({ ok: false, problems: [{ line: 3 }] })
  })
})

describe('git renames as redirects', () => {
  it('turns renames into redirects from the old slug to the current slug, ignoring moves between locales', () => {
    const localized = parseDocumentFile({ path: 'docs/fr/install.md', text: doc('slug: installer', '# Installer\n'), mtimeMs: 0 }).value
    const { documents } = toSourceDocuments([localized], siteOf(SITE_EN_FR))
    const renames = [
      { from: 'docs/fr/setup.md', to: 'docs/fr/install.md' },
      { from: 'docs/en/old/index.md', to: 'docs/en/new.md' },
      { from: 'docs/en/x.md', to: 'docs/fr/x.md' },
    ]
    expect(gitRenameSources(renames, documents)).toEqual([
      { from: 'setup', to: 'installer', path: 'docs/fr/install.md', line: 1, kind: 'git rename' },
      { from: 'old', to: 'new', path: 'docs/en/new.md', line: 1, kind: 'git rename' },
    ])
  })
})
