// Paths between files of the content, apart from link and asset resolution, which both use them.

/** A URL with a scheme, a protocol-relative URL or a fragment: it names no file of the content. */
export const notContentPath = /^(?:[a-z][a-z0-9+.-]*:|\/\/|#)/i

export function safeDecode(path: string): string {
  try {
    return decodeURI(path)
  } catch {
    return path
  }
}

/** The content path `relative` names from the file `from` (`docs/en/a/b.md` + `../c.md` -> `docs/en/c.md`). */
export function resolveRelative(from: string, relative: string): string {
  const parts = from.slice(0, from.lastIndexOf('/')).split('/')
  for (const segment of relative.split('/')) {
    if (segment === '..') parts.pop()
    else if (segment !== '.' && segment !== '') parts.push(segment)
  }
  return parts.join('/')
}
