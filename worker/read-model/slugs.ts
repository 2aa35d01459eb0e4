import { DOCUMENTS_PATH } from '../../contract/index.ts'

/**
 * The slug a request names, decoded once: `guides/install` and
 * `guides%2Finstall` (what clients generated from the OpenAPI document send)
 * name the same document. After decoding, backslashes, NUL, dot segments and
 * empty segments never name a document.
 */
export function safeSlug(rawPath: string): string | null {
  if (!rawPath.startsWith(DOCUMENTS_PATH)) return null
  const raw = rawPath.slice(DOCUMENTS_PATH.length)
  let slug: string
  try {
    slug = decodeURIComponent(raw)
  } catch {
    return null
  }
  if (slug === '' || /[\\\u0000]/.test(slug)) return null
  return slug.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..') ? slug : null
}
