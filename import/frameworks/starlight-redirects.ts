// Astro's `redirects` as site.yml's, between slugs of the docs.
import type { ImportPlan } from '../plan.ts'
import { isRecord, textAt, type Data } from './config-values.ts'
import type { StarlightLocales } from './starlight-locales.ts'

interface Redirect {
  from: string
  to: string
}

/**
 * Astro's `redirects` (`'/old': '/new'` or `{destination}`) between pages of
 * the docs, as slugs: a slug names a page in every locale, so `/fr/old` is
 * the redirect `/old` already makes, and is written once. Astro checks
 * neither end; the build refuses a redirect from a page's slug (`pages`) or
 * to no page, so those stay behind, named in the report.
 */
export function starlightRedirects(redirects: Data, baseUrl: string, locales: StarlightLocales, pages: ReadonlySet<string>, plan: ImportPlan): Redirect[] {
  const base = baseUrl.replace(/^\/+|\/+$/g, '')
  const prefixes = locales.locales.flatMap((locale) => (locale.key === 'root' ? [] : [`${locale.key}/`]))
  const slugOf = (url: string) => {
    const path = url.replace(/[?#].*$/, '').replace(/^\/+|\/+$/g, '')
    if (base !== '' && path !== base && !path.startsWith(`${base}/`)) return undefined
    const inBase = base === '' ? path : path.slice(base.length).replace(/^\//, '')
    const prefix = prefixes.find((candidate) => `${inBase}/`.startsWith(candidate))
    return (prefix === undefined ? inBase : inBase.slice(prefix.length)) || 'index'
  }
  const out: Redirect[] = []
  for (const [from, target] of Object.entries(redirects)) {
    const to = textAt(target) ?? textAt(isRecord(target) ? target.destination : undefined)
    const fromSlug = slugOf(from)
    const toSlug = to === undefined || /^[a-z]+:/i.test(to) ? undefined : slugOf(to)
    const same = out.find((redirect) => redirect.from === fromSlug)
    if (fromSlug === undefined || toSlug === undefined || /[[\]]/.test(from))
      plan.unmapped.push({ name: `redirects ${from}`, effect: 'a redirect outside the docs or with parameters: not carried over' })
    else if (same !== undefined && same.to !== toSlug)
      plan.unmapped.push({
        name: `redirects ${from}`,
        effect: `a localized redirect to another page than /${same.from}'s (/${same.to}): the service's redirects are per slug, in every locale`,
      })
    else if (same === undefined) out.push({ from: fromSlug, to: toSlug })
  }
  const kept = leadingToPages(out, pages, plan)
  if (kept.length > 0) plan.mapped.push(`redirects: ${kept.length} (from Astro's redirects)`)
  return kept
}

/** The redirects from no page that reach one, directly or through others (chains collapse in the build). */
function leadingToPages(redirects: Redirect[], pages: ReadonlySet<string>, plan: ImportPlan): Redirect[] {
  const fromPage = redirects.filter((redirect) => pages.has(redirect.from))
  for (const redirect of fromPage)
    plan.unmapped.push({ name: `redirects /${redirect.from}`, effect: 'a redirect from a page the site has: the page is served, the redirect left out' })
  let kept = redirects.filter((redirect) => !pages.has(redirect.from))
  for (let changed = true; changed; ) {
    const froms = new Set(kept.map((redirect) => redirect.from))
    const next = kept.filter((redirect) => pages.has(redirect.to) || froms.has(redirect.to))
    changed = next.length !== kept.length
    kept = next
  }
  const keptSet = new Set(kept)
  for (const redirect of redirects) {
    if (!pages.has(redirect.from) && !keptSet.has(redirect))
      plan.unmapped.push({ name: `redirects /${redirect.from}`, effect: `a redirect to /${redirect.to}, which is no page of the site (a 404 there too): left out` })
  }
  return kept
}
