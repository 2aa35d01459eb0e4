import { html } from 'hono/html'
import type { NavTreeNode } from '../../../contract/index.ts'
import { localPath } from '../site.ts'
import type { PreviewText } from '../strings/index.ts'
import type { Html } from './shapes.ts'

/** The navigation tree as nested lists, in build order; the current page carries `aria-current`. */
export function sidebar(items: NavTreeNode[], current: { slug: string | null; path: string }, text: PreviewText): Html {
  return html`<ul>${items.map((item) => html`<li>${entry(item, current, text)}${item.children.length > 0 ? sidebar(item.children, current, text) : ''}</li>`)}</ul>`
}

function entry(item: NavTreeNode, current: { slug: string | null; path: string }, text: PreviewText): Html {
  const badges = html`${item.draft ? html` <span class="badge draft">${text.draftBadge}</span>` : ''}${
    item.fallback && item.slug !== null ? html` <span class="badge" title="${text.untranslatedHint}">${text.untranslated}</span>` : ''
  }`
  if (item.url === null) return html`<span class="group">${item.title}</span>`
  // A link the author's sidebar makes to another site (`sidebar:` in site.yml) leaves the docs.
  if (item.slug === null && /^[a-z][a-z0-9+.-]*:/i.test(item.url)) return html`<a href="${item.url}" rel="noopener">${item.title}</a>`
  const path = localPath(item.url)
  const isCurrent = item.slug === current.slug || path === current.path
  return html`<a href="${path}"${isCurrent ? html` aria-current="page"` : ''}>${item.title}</a>${badges}`
}
