import type { Context } from 'hono'
import { html } from 'hono/html'
import type { Api } from './api.ts'
import { openTowards } from './open-path.ts'
import { layout } from './render/layout.ts'
import type { Chrome, Html } from './render/shapes.ts'
import type { Site } from './site.ts'
import { previewText } from './strings/index.ts'
import type { VersionMenu } from './versions.ts'

/** What the preview's routes get in place of the worker's bindings. */
interface PreviewBindings {
  api: Api
  /** The drafts token when the author turned drafts on, else undefined. */
  token: string | undefined
  /** npm start gave the worker a token, so the toggle can turn drafts on. */
  canShowDrafts: boolean
  /** Where npm start reports each build as it ends; undefined without npm start. */
  eventsUrl: string | undefined
}
export type PreviewEnv = { Bindings: PreviewBindings }
export type PreviewContext = Context<PreviewEnv>

/** The chrome of a page in `locale`: the sidebar comes from that locale's navigation, in the version being read. */
export async function chromeFor(
  c: PreviewContext,
  site: Site | null,
  locale: string,
  {
    trail,
    ...page
  }: Pick<Chrome, 'title' | 'localeLinks'> &
    Partial<Pick<Chrome, 'description' | 'current' | 'versions' | 'canonical' | 'forAgents'>> & {
      /** A document's breadcrumbs: the way down a large sidebar to it. */
      trail?: string[]
    },
): Promise<Chrome> {
  const version = page.versions?.current.name ?? null
  const navigation = site ? await c.env.api.navigation(locale, version) : null
  const items = navigation?.ok ? navigation.body.items : []
  const slug = page.current?.slug
  // A large sidebar comes cut (it says at which depth): the way to the page is read on, here, so that it shows without JavaScript.
  const cut = navigation?.ok && navigation.body.depth !== undefined && slug
  const read = async (root: string) => {
    const answer = await c.env.api.subtree(locale, version, root)
    return answer.ok ? (answer.body.items[0] ?? null) : null
  }
  const url = new URL(c.req.url)
  return {
    site,
    locale,
    navigation: cut ? await openTowards(items, { slug, trail: trail ?? [] }, read) : items,
    current: { slug: null, path: url.pathname },
    draftsBack: c.env.canShowDrafts ? `${url.pathname}${url.search}` : null,
    draftsOn: c.env.token !== undefined,
    token: c.env.token,
    live: c.env.eventsUrl !== undefined,
    versions: null,
    canonical: null,
    forAgents: null,
    ...page,
  }
}

/** Pages change with every build and may show drafts: never stored, always asked again. */
export function htmlPage(c: PreviewContext, body: Html, status: 200 | 404 | 401 | 422 | 503 = 200) {
  return c.html(body, status, { 'Cache-Control': c.env.token ? 'private, no-store' : 'no-cache' })
}

/**
 * The API said no: the page says why, in the chrome (of the version being read, when `versions`
 * names one); under npm start it reloads once a build fixes it.
 */
export async function failurePage(c: PreviewContext, site: Site | null, locale: string, failure: { status: number; detail: string }, versions: VersionMenu | null = null) {
  const text = previewText(locale)
  const heading = failure.status === 404 ? text.pageNotFound : failure.status === 401 ? text.tokenRefused : text.notAvailable
  const live = c.env.eventsUrl !== undefined
  const hint = failure.status === 401 ? text.tokenRefusedHint : failure.status === 503 && live ? text.reloadsWhenPublished : ''
  const chrome = await chromeFor(c, site, locale, { title: heading, localeLinks: [], versions })
  const main = html`<h1>${heading}</h1><p>${failure.detail}</p>${hint ? html`<p>${hint}</p>` : ''}`
  const status = failure.status === 404 || failure.status === 401 || failure.status === 422 ? failure.status : 503
  return htmlPage(c, layout(chrome, main), status)
}
