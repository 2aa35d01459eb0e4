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
