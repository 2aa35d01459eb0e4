import type { Code, Root } from 'mdast'
import type { ContainerDirective } from 'mdast-util-directive'
import { eachContainer } from './each-node.ts'
import { labelParagraph } from './directive-vocabulary.ts'
import { parseFenceMeta, splitFenceInfo } from '../code-meta.ts'

/**
 * VitePress's `::: code-group` becomes tabs of kind `code-group`, one tab
 * per fenced code block, labelled by the fence's `[label]`. Anything else
 * written in the group stays with the tab before it (or the first).
 */
export function remarkCodeGroup() {
  return function transform(tree: Root) {
    eachContainer(tree, 'code-group', toTabs)
  }
}

function toTabs(group: ContainerDirective) {
  const tabs: ContainerDirective[] = []
  const loose: ContainerDirective['children'] = []
  for (const child of group.children) {
    if (child.type === 'paragraph' && child.data?.directiveLabel) continue
    if (child.type === 'code') tabs.push({ type: 'containerDirective', name: 'tab', attributes: {}, children: [labelParagraph(takeFenceLabel(child)), child] })
    else (tabs.at(-1)?.children ?? loose).push(child)
  }
  tabs[0]?.children.splice(1, 0, ...loose)
  group.name = 'tabs'
  group.attributes = { kind: 'code-group' }
  group.children = tabs.length > 0 ? tabs : loose
}

/**
 * A tab's label: the fence's title (`[npm]`, `title="x"`), taken out of the
 * meta so the code block does not caption itself with it again inside its
 * tab, else its language.
 */
function takeFenceLabel(code: Code): string {
  const { language, meta } = splitFenceInfo(code.lang, code.meta)
  const { title, withoutTitle } = parseFenceMeta(meta)
  if (title === null) return language ?? 'Code'
  code.lang = language
  code.meta = withoutTitle
  return title
}
