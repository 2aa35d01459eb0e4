import { DOCUMENTS_PATH } from '../../contract/index.ts'
import { chromeFor, failurePage, htmlPage, type PreviewContext } from './chrome.ts'
import { documentMain, tocAside } from './render/document.ts'
import { layout } from './render/layout.ts'
import { releasesMain } from './render/releases.ts'
import { searchMain, searchPath } from './render/search.ts'
import type { Document } from './api.ts'
import { queryOf } from './query.ts'
import { operationBody } from './operation-body.ts'
import { agentUrls, loadSite, localPath, pageAt, pageUrl, sectionTitles, type Site } from './site.ts'
import { previewText } from './strings/index.ts'
import { documentVersionMenu, MISSING_PAGE, siteVersion, versionMenu } from './versions.ts'

/** `/`: the home page in the reader's language, negotiated by the API as for any client. */
export function home(c: PreviewContext) {
  return withSite(c, async (site) => {
    const navigation = await c.env.api.navigation(undefined, null, c.req.header('Accept-Language'))
    const target = pageUrl(site, navigation.ok ? navigation.body.locale : site.defaultLocale, 'index')
    // With `baseUrl: /` the home page lives here.
    if (target === '/') return documentPage(c)
    c.header('Vary', 'Accept-Language')
    return c.redirect(target, 302)
  })
}

/** A document at the URL the API gives it: base path, version (unless the default), locale prefix, slug. */
export function documentPage(c: PreviewContext): Promise<Response> {
  return withSite(c, (site, url) => renderDocument(c, site, url))
}

async function renderDocument(c: PreviewContext, site: Site, url: URL): Promise<Response> {
  const { api } = c.env
  const at = pageAt(site, url.pathname)
  if (at === null) return failurePage(c, site, site.defaultLocale, { status: 404, detail: previewText(site.defaultLocale).noPageHere })
  const answer = await api.document(at.slug, at.locale, at.version)
  // Redirects are temporary here: a preview's slugs may come back with the next save.
  if (!answer.ok && answer.location) return c.redirect(pageUrl(site, at.locale, movedSlug(answer.location), at.version), 302)
  if (!answer.ok)
    return failurePage(
      c,
      site,
      at.locale,
      answer,
      versionMenu(site, at.version, (version) => pageUrl(site, at.locale, 'index', version)),
    )
  const doc = await withOperationBody(answer.body)
  const ownPath = pageUrl(site, doc.requestedLocale, doc.slug, at.version)
  if (ownPath !== url.pathname) return c.redirect(`${ownPath}${url.search}`, 302)

  const defaultSlug = doc.translations.find((translation) => translation.locale === site.defaultLocale)?.slug ?? doc.slug
  // A locale without a translation still has the page: in the default locale, with the fallback notice.
  const localeLinks = site.locales.map((locale) => ({
    locale,
    url: pageUrl(site, locale, doc.translations.find((translation) => translation.locale === locale)?.slug ?? defaultSlug, at.version),
  }))
  const chrome = await chromeFor(c, site, at.locale, {
    title: doc.title,
    description: doc.description,
    localeLinks,
    current: { slug: doc.slug, path: ownPath },
    trail: doc.nav.breadcrumbs.map((crumb) => crumb.slug),
    versions: documentVersionMenu(site, doc),
    // On this server, as every link of the preview: the API's URL may name the production origin.
    canonical: doc.canonical ? new URL(localPath(doc.canonical), url).href : null,
    // What is served, as the API's Link headers name it: a page not translated is the default locale's.
    forAgents: agentUrls(site, doc.locale, doc.slug, at.version),
  })
  return htmlPage(c, layout(chrome, documentMain(site, doc, url.searchParams.has(MISSING_PAGE)), tocAside(doc.toc, at.locale)))
}

/** An operation's page with its schema tables folded (operation-body.ts); any other page as it is. */
async function withOperationBody(doc: Document): Promise<Document> {
  if (!doc.operation) return doc
  return { ...doc, html: await operationBody(doc.html, previewText(doc.requestedLocale).schema) }
}

/** `/releases`: the API's filters (streams, a semver range) as a form. */
export function releasesPage(c: PreviewContext) {
  return withSite(c, (site, url) => renderReleases(c, site, url))
}

async function renderReleases(c: PreviewContext, site: Site, url: URL): Promise<Response> {
  const { api } = c.env
  const locale = localeOf(site, url)
  const chosen = url.searchParams.getAll('stream')
  const version = url.searchParams.get('version')?.trim() ?? ''
  const query = new URLSearchParams(chosen.map((stream) => ['stream', stream]))
  if (version !== '') query.set('version', version)
  const [all, filtered] = await Promise.all([api.releases(new URLSearchParams()), api.releases(query)])
  if (!all.ok) return failurePage(c, site, locale, all)
  const filters = {
    streams: all.body.streams.map((stream) => stream.name),
    chosen,
    version,
    problem: filtered.ok ? null : filtered.detail,
  }
  const chrome = await chromeFor(c, site, locale, { title: previewText(locale).releaseNotes, localeLinks: localeLinks(site, '/releases') })
  const main = releasesMain(filtered.ok ? filtered.body : { streams: [] }, filters, locale)
  return htmlPage(c, layout(chrome, main), filtered.ok ? 200 : 422)
}

/** `/search`: the search form's answer without JavaScript. */
export function searchPage(c: PreviewContext) {
  return withSite(c, (site, url) => renderSearch(c, site, url))
}

async function renderSearch(c: PreviewContext, site: Site, url: URL): Promise<Response> {
  const { api } = c.env
  const locale = localeOf(site, url)
  const query = (url.searchParams.get('q') ?? '').trim().slice(0, 200)
  const section = url.searchParams.get('section')
  // Scoped to the version being read, as the header's form says; the default one unless it names another.
  const version = siteVersion(site, url.searchParams.get('version'))?.name ?? site.defaultVersion
  const scope = { query, locale, limit: 20, ...(version ? { version } : {}) }
  const answer = query === '' ? null : await api.search({ ...scope, ...(section ? { filters: { sections: [section] } } : {}) })
  const chrome = await chromeFor(c, site, locale, {
    title: previewText(locale).searchTitle,
    localeLinks: localeLinks(site, '/search', { q: query, version }),
    versions: versionMenu(site, version, (other) => searchPath(query, locale, other)),
  })
  const main = searchMain(query, answer?.ok ? answer.body : null, section, { locale, version }, answer && !answer.ok ? answer.detail : null, sectionTitles(site, locale))
  return htmlPage(c, layout(chrome, main))
}

/** Every page needs the site (title, locales, base URL); when the API cannot give it, the page says why. */
async function withSite(c: PreviewContext, render: (site: Site, url: URL) => Promise<Response>): Promise<Response> {
  const loaded = await loadSite(c.env.api)
  if (!loaded.ok) return failurePage(c, null, 'en', loaded)
  return render(loaded.body, new URL(c.req.url))
}

/** The preview's own pages name their locale in `?locale=`; documents do it in the path. */
function localeOf(site: Site, url: URL): string {
  const asked = url.searchParams.get('locale')
  return asked !== null && site.locales.includes(asked) ? asked : site.defaultLocale
}

/** The page in each locale; `keep` are the page's own query values, such as a search and its version. */
function localeLinks(site: Site, path: string, keep: Record<string, string | null> = {}) {
  return site.locales.map((locale) => {
    const query = queryOf(keep)
    if (locale !== site.defaultLocale) query.set('locale', locale)
    return { locale, url: query.size > 0 ? `${path}?${query}` : path }
  })
}

/** The slug in a 308's Location, `/v1/documents/{slug}?…`. */
function movedSlug(location: string): string {
  const path = new URL(location, 'http://preview.invalid').pathname
  return decodeURIComponent(path.startsWith(DOCUMENTS_PATH) ? path.slice(DOCUMENTS_PATH.length) : path)
}
