import rehypeRaw from 'rehype-raw'
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize'
import rehypeSlug from 'rehype-slug'
import rehypeStringify from 'rehype-stringify'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import remarkRehype from 'remark-rehype'
import { unified } from 'unified'
import { rehypeClobberedAnchors } from './plugins/rehype-clobbered-anchors.ts'
import { rehypeLinks } from './plugins/rehype-links.ts'
import { remarkForeignSyntax } from './plugins/remark-foreign-syntax.ts'
import { remarkMarkdownCopy } from './plugins/remark-markdown-copy.ts'

// GitHub's schema, plus `class` on any element (authors style their own
// HTML): the per-tag class allow-lists are dropped in favour of `*`. Author
// ids keep GitHub's `user-content-` prefix; heading ids are added after
// sanitizing, unprefixed, so the two never collide.
const withoutClassLists = Object.fromEntries(
  Object.entries(defaultSchema.attributes ?? {}).map(([tag, attributes]) => [
    tag,
    attributes.filter((attribute) => !(Array.isArray(attribute) && attribute[0] === 'className')),
  ]),
)
const CLOBBER_PREFIX = 'user-content-'
const sanitizeSchema: SanitizeSchema = {
  ...defaultSchema,
  clobberPrefix: CLOBBER_PREFIX,
  tagNames: [...(defaultSchema.tagNames ?? []), 'aside'],
  attributes: { ...withoutClassLists, '*': [...(withoutClassLists['*'] ?? []), 'className'] },
}

function markdownToHtml(options: { rawHtml: boolean }) {
  const chain = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkForeignSyntax)
    .use(remarkMarkdownCopy, { sanitizeSchema })
    // The sanitizer adds the one `user-content-` prefix; remark-rehype must not add another.
    .use(remarkRehype, { allowDangerousHtml: options.rawHtml, clobberPrefix: '' })
  return (options.rawHtml ? chain.use(rehypeRaw) : chain)
    .use(rehypeSanitize, sanitizeSchema)
    .use(rehypeSlug)
    .use(rehypeClobberedAnchors, { prefix: CLOBBER_PREFIX })
    .use(rehypeLinks)
    .use(rehypeStringify)
    .freeze()
}

/**
 * The Markdown to HTML chains, composed once and frozen; on the way both
 * write the document's Markdown copy (`file.data.markdown`) from the same
 * parse. Re-parsing raw HTML (rehype-raw) costs about a third of a render, so
 * documents without any raw HTML take the chain without it; both sanitize.
 */
export const markdownProcessor = markdownToHtml({ rawHtml: false })
export const markdownWithHtmlProcessor = markdownToHtml({ rawHtml: true })
