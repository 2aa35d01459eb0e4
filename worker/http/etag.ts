/** A blob is named by the hash of its bytes, which makes that hash a strong validator. */
export const strongEtag = (hash: string) => `"${hash}"`

export const CACHE_CONTROL = {
  public: 'public, max-age=60, stale-while-revalidate=300',
  private: 'private, no-store',
  /** The name carries the hash of the bytes, so what it names never changes. */
  immutable: 'public, max-age=31536000, immutable',
} as const

/**
 * `If-None-Match` evaluation (RFC 9110 §13.1.2): `*` matches any current
 * representation; otherwise the weak comparison of each listed tag.
 */
export function noneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false
  if (header.trim() === '*') return true
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '')
  const current = opaque(etag)
  return (header.match(/(?:W\/)?"[^"]*"/g) ?? []).some((tag) => opaque(tag) === current)
}
