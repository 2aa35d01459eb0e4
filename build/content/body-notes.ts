import { createHash } from 'node:crypto'

// What a build notes of a page's body as it parses the file, so that no later stage reads the file again to find it out.

/** What names a page's body in the render cache's keys: a hash of its text. */
export function bodyDigest(body: string): string {
  return createHash('sha256').update(body).digest('hex')
}

/** What every VitePress include directive holds (`<!--@include: path-->`): a body without it includes nothing. */
export const INCLUDE_MARK = '@include'
