import GithubSlugger from 'github-slugger'
import type { HeadingIdRule } from '../content/markdown-options.ts'

/** Gives one document's headings their ids in turn: a repeat gets `-1`, `-2`, as its rule does. */
export interface Slugger {
  slug(text: string): string
}

export function sluggerFor(rule: HeadingIdRule): Slugger {
  return rule === 'github' ? new GithubSlugger() : new VitepressSlugger()
}

// VitePress's default slugify (@mdit-vue/shared), rule by rule: accents are
// dropped after NFKD, control characters removed, every run of whitespace and
// ASCII punctuation (`-` and `_` included, typographic quotes too) becomes
// one hyphen, hyphens are trimmed at the ends, a leading digit gets `_`, and
// the result is lower-cased.
const combiningMarks = /[\u0300-\u036F]/g
const controlCharacters = /[\u0000-\u001f]/g
const separators = /[\s~`!@#$%^&*()\-_+=[\]{}|\\;:"'“”‘’<>,.?/]+/g

function vitepressSlug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(combiningMarks, '')
    .replace(controlCharacters, '')
    .replace(separators, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '')
    .replace(/^(\d)/, '_$1')
    .toLowerCase()
}

/**
 * VitePress's anchor plugin (@mdit/plugin-anchor) on top of the slug: an
 * empty slug is `heading`, and a slug already given takes the first free
 * `-1`, `-2`, ... suffix.
 */
class VitepressSlugger implements Slugger {
  private readonly given = new Set<string>()

  slug(text: string): string {
    const base = vitepressSlug(text) || 'heading'
    let slug = base
    for (let count = 1; this.given.has(slug); count++) slug = `${base}-${count}`
    this.given.add(slug)
    return slug
  }
}
