import { html } from 'hono/html'
import type { ApiOperation, HttpMethod } from '../../../contract/index.ts'
import type { PreviewText } from '../strings/index.ts'
import type { Html } from './shapes.ts'

/**
 * An operation page's head, as readers of Redocly, Scalar or Mintlify expect it: the method as a
 * coloured badge, the path in monospace, the full URL on the first server, and a badge when the
 * operation is deprecated. A webhook has no URL of its own: the reader registers one.
 */
export function operationHead(operation: ApiOperation, text: PreviewText): Html {
  const server = operation.servers[0]
  const url = operation.kind === 'operation' && server ? `${server.url.replace(/\/+$/, '')}${operation.path}` : null
  return html`<div class="operation-head">
<p class="request">${operation.kind === 'webhook' ? html`<span class="badge webhook">${text.webhook}</span> ` : ''}${methodBadge(operation.method)} <code class="path">${operation.path}</code>${
    operation.deprecated ? html` <span class="badge deprecated">${text.deprecatedBadge}</span>` : ''
  }</p>
${url ? html`<p class="server-url"><code>${url}</code></p>` : ''}
</div>`
}

/** The method as the head and the sidebar show it; its colour comes from the stylesheet (operation-style.ts). */
export function methodBadge(method: HttpMethod): Html {
  return html`<span class="method" data-method="${method}">${method.toUpperCase()}</span>`
}

/**
 * The page's HTML without what the head now shows: the build opens an operation's page with the
 * request line and the first server's URL as paragraphs (build/openapi/page-markdown.ts), for
 * readers of the Markdown and of other front ends. Only that exact opening goes; any other is kept.
 */
export function withoutRequestLine(fragment: string, operation: ApiOperation): string {
  if (operation.kind !== 'operation') return fragment
  const server = operation.servers[0]
  const lines = [`<p><code>${escapeText(`${operation.method.toUpperCase()} ${operation.path}`)}</code></p>\n`]
  if (server) lines.push(`<p>URL: <code>${escapeText(`${server.url.replace(/\/+$/, '')}${operation.path}`)}</code></p>\n`)
  const opening = lines.join('')
  return fragment.startsWith(opening) ? fragment.slice(opening.length) : fragment
}

// As the build's HTML writer escapes text (hast-util-to-html): `&` and `<`.
function escapeText(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;')
}
