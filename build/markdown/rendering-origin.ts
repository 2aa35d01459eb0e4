// Where a rendering came from, when that names it exactly: a render cache entry (build/render-cache.ts).

const ORIGIN = Symbol('rendering origin')

/**
 * The name of exactly this rendering, when it is a render cache entry as it was stored (RenderCache.get), no
 * link rewritten since: a page's blob is named by it and the page's other inputs (page-blob-memo.ts). Not
 * enumerable, so that a copy with other texts (relink.ts, fragments.ts) has none.
 */
export function originOf(rendering: object): string | undefined {
  return (rendering as { [ORIGIN]?: string })[ORIGIN]
}

/** `rendering`, named by `origin` when there is one (see originOf). */
export function withOrigin<T extends object>(rendering: T, origin: string | undefined): T {
  return origin === undefined ? rendering : Object.defineProperty(rendering, ORIGIN, { value: origin })
}
