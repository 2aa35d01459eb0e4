import { parseFragment, type DefaultTreeAdapterMap } from 'parse5'

type ParentNode = DefaultTreeAdapterMap['parentNode']

const mayHoldComponent = /<[A-Z]|<[a-z][a-z0-9]*-/

/** A start tag of a component in a piece of raw HTML, with the name as its author wrote it. */
export interface ComponentTag {
  name: string
  /** `<Name />`: a component without children. */
  selfClosing: boolean
  /** Lines below the first line of the HTML. */
  line: number
}

/**
 * The components in a piece of raw HTML: elements named in PascalCase
 * (`<SupportedVersions />`) or with a hyphen (`<my-widget>`, a custom
 * element or a kebab-case Vue component), which no HTML element is. parse5
 * reads the HTML, as the sanitizer's parser does; it lowercases names, so
 * the name is read back from the source at the tag's place.
 */
export function componentTags(html: string): ComponentTag[] {
  // Most raw HTML (`<br>`, `<div class="x">`) has no name that could be one: it is not parsed.
  if (!mayHoldComponent.test(html)) return []
  const tags: ComponentTag[] = []
  const walk = (parent: ParentNode) => {
    for (const node of parent.childNodes) {
      if (!('tagName' in node)) continue
      const place = node.sourceCodeLocation?.startTag
      const source = place ? html.slice(place.startOffset, place.endOffset) : ''
      const name = nameIn(source)
      if (place && isComponentName(name)) {
        tags.push({ name, selfClosing: source.endsWith('/>'), line: html.slice(0, place.startOffset).split('\n').length - 1 })
      }
      walk(node.tagName === 'template' && 'content' in node ? node.content : node)
    }
  }
  walk(parseFragment(html, { sourceCodeLocationInfo: true }))
  return tags
}

/**
 * The component's name when a piece of raw HTML is one of its tags and
 * nothing else: `<FeaturesList />`, `<MyComp prop="x">` or `</MyComp>`, as
 * Markdown cuts raw HTML into pieces around the Markdown between tags.
 */
export function loneComponentTag(html: string): string | undefined {
  const tag = html.trim()
  if (!tag.startsWith('<') || !tag.endsWith('>') || tag.indexOf('<', 1) !== -1) return undefined
  const name = nameIn(tag.startsWith('</') ? tag.slice(1) : tag)
  return isComponentName(name) ? name : undefined
}

/** The name of a start tag's source, `<Name attr>`: what follows `<` up to a space, `/` or `>`. */
function nameIn(startTag: string): string {
  let end = 1
  while (end < startTag.length && !' \t\n\r\f/>'.includes(startTag.charAt(end))) end++
  return startTag.slice(1, end)
}

function isComponentName(name: string): boolean {
  const first = name.charAt(0)
  return (first >= 'A' && first <= 'Z') || name.includes('-')
}
