import rehypeRaw from 'rehype-raw'
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize'
import rehypeSlug from 'rehype-slug'
import rehypeStringify from 'rehype-stringify'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import remarkRehype from 'remark-rehype'
import { unified } from 'unified'
import { rehypeLinks } from './plugins/rehype-links.ts'
import { remarkForeignSyntax } from './plugins/remark-foreign-syntax.ts'

// GitHub's schema, plus `class` anywhere (authors style their own HTML) and
// ids kept as written: heading ids are added after sanitizing, so
// they never get the `user-content-` prefix.
const sanitizeSchema: SanitizeSchema = {
  ...defaultSchema,
  clobber: ['name'],
  tagNames: [...(defaultSchema.tagNames ?? []), 'aside'],
  attributes: {
    ...defaultSchema.attributes,
    '*': [...(defaultSchema.attributes?.['*'] ?? []), 'className'],
  },
}

/** The Markdown to HTML chain, composed once and frozen; every document reuses it. */
export const markdownProcessor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkForeignSyntax)
  .use(remarkRehype, { allowDangerousHtml: true })
  .use(rehypeRaw)
  .use(rehypeSanitize, sanitizeSchema)
  .use(rehypeSlug)
  .use(rehypeLinks)
  .use(rehypeStringify)
  .freeze()
