import { html } from 'hono/html'
import type { NavItem } from '../../../contract/index.ts'
import { localPath } from '../site.ts'
import type { PreviewText } from '../strings/index.ts'
import { methodBadge } from './operation.ts'
import type { Html } from './shapes.ts'

type Current = { slug: string | null; path: string }

/**
 * The navigation tree as nested lists, in build order; the current page carries `aria-current`.
 * An item a large sidebar was cut at (children left out) is a closed `<details>`: the page's
 * script reads its children when it is first opened (assets/sidebar.ts).
 */
export function sidebar(items: NavItem[], current: Current, text: PreviewText): Html {
  return html`<ul>${items.map((item) => html`<li>${item.hasChildren && item.root !== undefined ? cutGroup(item, item.root, current, text) : whole(item, current, text)}</li>`)}</ul>`
}

function whole(item: NavItem, current: Current, text: PreviewText): Html {
  return html`${entry(item, current, text)}${item.children.length > 0 ? sidebar(item.children, current, text) : ''}`
}

/** Its own page, if it has one, opens its list: without JavaScript, following it shows the rest there. */
function cutGroup(item: NavItem, root: string, current: Current, text: PreviewText): Html {
  return html`<details data-root="${root}"><summary>${item.title}${badges(item, text)}</summary><ul>${item.url === null ? '' : html`<li>${entry(item, current, text)}</li>`}</ul></details>`
}

function entry(item: NavItem, current: Current, text: PreviewText): Html {
  if (item.url === null) return html`<span class="group">${item.title}</span>`
  // A link the author's sidebar makes to another site (`sidebar:` in site.yml) leaves the docs.
  if (item.slug === null && /^[a-z][a-z0-9+.-]*:/i.test(item.url)) return html`<a href="${item.url}" rel="noopener">${item.title}</a>`
  const path = localPath(item.url)
  const isCurrent = item.slug === current.slug || path === current.path
  return html`<a href="${path}"${isCurrent ? html` aria-current="page"` : ''}>${item.method ? html`${methodBadge(item.method)} ` : ''}${item.title}</a>${badges(item, text)}`
}

function badges(item: NavItem, text: PreviewText): Html {
  return html`${item.draft ? html` <span class="badge draft">${text.draftBadge}</span>` : ''}${
    item.fallback && item.slug !== null ? html` <span class="badge" title="${text.untranslatedHint}">${text.untranslated}</span>` : ''
  }`
}
