import { CODE_THEME } from './code-theme.ts'
import { HEADER_STYLE } from './header-style.ts'
import { BUILD_EVENTS, LIVE } from './live.ts'
import { OPERATION_STYLE } from './operation-style.ts'
import { PAGE } from './page.ts'
import { SEARCH } from './search.ts'
import { SIDEBAR } from './sidebar.ts'
import { STYLE } from './style.ts'
import { TABS } from './tabs.ts'
import { TEXT } from './text.ts'

interface Asset {
  /** Carries a hash of the body, so that browsers may keep it for good. */
  path: string
  body: string
  type: string
}

/** FNV-1a: a stable, synchronous fingerprint for cache busting, not a security hash. */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5
  for (let index = 0; index < text.length; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193)
  return (hash >>> 0).toString(36)
}

function asset(name: string, body: string, type: string): Asset {
  return { path: `/_preview/${name}?v=${fingerprint(body)}`, body, type }
}

export const ASSETS = {
  css: asset('style.css', STYLE + HEADER_STYLE + OPERATION_STYLE + CODE_THEME, 'text/css; charset=utf-8'),
  // One file for the page and for the Web Worker it starts for live reload (live.ts), which has no document.
  js: asset('app.js', `if (typeof document === 'undefined') {${BUILD_EVENTS}} else {${[TEXT, PAGE, SIDEBAR, TABS, SEARCH, LIVE].join('\n')}}`, 'text/javascript; charset=utf-8'),
}
