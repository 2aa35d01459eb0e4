import { directiveFromMarkdown } from 'mdast-util-directive'
import { directive } from 'micromark-extension-directive'
import type { Processor } from 'unified'

/**
 * remark-directive's parser, for containers (`:::note[Title]{attrs}`) and
 * leaf directives (`::name`) only. remark-directive also parses text
 * directives, which turn ordinary prose into nodes (`10:30`, `key:value`,
 * `see:[x]`), and no dialect brought here writes them, so their construct is
 * left out. Leaf directives of no known name are put back as written by
 * remark-directive-names. Parsing only: the Markdown copy writes no
 * directives (directive-markdown.ts), and registering their writer would
 * escape every colon of the copy's prose.
 */
export function remarkContainerSyntax(this: Processor) {
  const data = this.data()
  const { flow } = directive()
  data.micromarkExtensions ??= []
  data.micromarkExtensions.push({ flow })
  data.fromMarkdownExtensions ??= []
  data.fromMarkdownExtensions.push(directiveFromMarkdown())
}
