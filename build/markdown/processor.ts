import rehypeRaw from 'rehype-raw'
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize'
import rehypeStringify from 'rehype-stringify'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import remarkRehype from 'remark-rehype'
import remarkStringify, { type Options as MarkdownStyle } from 'remark-stringify'
import { unified } from 'unified'
import { createCodeHighlighter } from './highlighter.ts'
import { directiveHandlers } from './plugins/directive-html.ts'
import { rehypeAssets } from './plugins/rehype-assets.ts'
import { rehypeCode } from './plugins/rehype-code.ts'
import { rehypeFragments } from './plugins/rehype-fragments.ts'
import { rehypeHeadingIds } from './plugins/rehype-heading-ids.ts'
import { rehypeLinks } from './plugins/rehype-links.ts'
import { remarkAssetUrls } from './plugins/remark-asset-urls.ts'
import { remarkCodeCopy } from './plugins/remark-code-copy.ts'
import { remarkCodeGroup } from './plugins/remark-code-group.ts'
import { remarkCodeMeta } from './plugins/remark-code-meta.ts'
import { remarkContainerSyntax } from './plugins/remark-container-syntax.ts'
import { remarkDirectiveNames } from './plugins/remark-directive-names.ts'
import { remarkForeignSyntax } from './plugins/remark-foreign-syntax.ts'
import { remarkGithubAlerts } from './plugins/remark-github-alerts.ts'
import { remarkHeadingIds } from './plugins/remark-heading-ids.ts'
import { remarkLegacyContainerFences } from './plugins/remark-legacy-container-fences.ts'
import { remarkMarkdownCopy } from './plugins/remark-markdown-copy.ts'
import { remarkTabLabels } from './plugins/remark-tab-labels.ts'
import { remarkVueMarkup } from './plugins/remark-vue-markup.ts'

// GitHub's schema, plus `class` on any element (authors style their own
// HTML): the per-tag class allow-lists are dropped in favour of `*`. Author
// ids keep GitHub's `user-content-` prefix; heading ids are added after
// sanitizing, unprefixed, so the two never collide. Added for the directive
// vocabulary and highlighted code, on the elements that carry them only:
// `aside`, `figure`/`figcaption` (code titles), `header` (a page's hero),
// `data-kind` (admonitions, tabs, badges, hero actions), `data-label` (tab
// panels), `data-highlighted` (lines). None of them can run anything;
// `tabindex` is in GitHub's schema already.
// `<style>` is removed with its content, like `<script>`: unwrapped, its
// CSS would be printed as text.
const withoutClassLists = Object.fromEntries(
  Object.entries(defaultSchema.attributes ?? {}).map(([tag, attributes]) => [tag, attributes.filter((attribute) => !(Array.isArray(attribute) && attribute[0] === 'className'))]),
)
/** Elements removed with their content (`<script>`, and `<style>`, whose CSS would print as text), in raw HTML and in MDX alike. */
export const STRIPPED_ELEMENTS: readonly string[] = [...(defaultSchema.strip ?? []), 'style']
const CLOBBER_PREFIX = 'user-content-'
const sanitizeSchema: SanitizeSchema = {
  ...defaultSchema,
  clobberPrefix: CLOBBER_PREFIX,
  tagNames: [...(defaultSchema.tagNames ?? []), 'aside', 'figure', 'figcaption', 'header'],
  strip: [...STRIPPED_ELEMENTS],
  attributes: {
    ...withoutClassLists,
    '*': [...(withoutClassLists['*'] ?? []), 'className'],
    a: [...(withoutClassLists.a ?? []), 'dataKind'],
    aside: ['dataKind'],
    details: [...(withoutClassLists.details ?? []), 'dataKind'],
    div: [...(withoutClassLists.div ?? []), 'dataKind', 'dataLabel'],
    span: [...(withoutClassLists.span ?? []), 'dataKind', 'dataHighlighted'],
  },
}

/** One per render thread: both chains share it, and with it the grammars it has loaded. */
const codeHighlighter = createCodeHighlighter()

function markdownToHtml(options: { rawHtml: boolean }) {
  const chain = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkContainerSyntax)
    // First of the transforms: it may parse the document again.
    .use(remarkLegacyContainerFences)
    // Before directive names, which unwrap the `::: v-pre` it leaves as written.
    .use(remarkVueMarkup)
    .use(remarkGithubAlerts)
    .use(remarkCodeGroup)
    .use(remarkTabLabels)
    // After code groups, which take a fence's title for their tab label: the rest of the meta is the code's.
    .use(remarkCodeMeta)
    .use(remarkDirectiveNames)
    .use(remarkHeadingIds)
    .use(remarkForeignSyntax)
    // The sanitizer adds the one `user-content-` prefix; remark-rehype must not add another.
    .use(remarkRehype, { allowDangerousHtml: options.rawHtml, clobberPrefix: '', handlers: directiveHandlers })
  return (options.rawHtml ? chain.use(rehypeRaw) : chain)
    .use(rehypeSanitize, sanitizeSchema)
    .use(rehypeCode, { highlighter: codeHighlighter })
    .use(rehypeHeadingIds)
    .use(rehypeFragments, { prefix: CLOBBER_PREFIX })
    .use(rehypeLinks)
    .use(rehypeAssets)
    .use(rehypeStringify)
    .freeze()
}

/**
 * The Markdown to HTML chains, composed once and frozen. Re-parsing raw HTML
 * (rehype-raw) costs about a third of a render, so documents without any raw
 * HTML take the chain without it; both sanitize. Their syntax plugins leave
 * the Markdown tree ready for the Markdown copy.
 */
export const markdownProcessor = markdownToHtml({ rawHtml: false })
export const markdownWithHtmlProcessor = markdownToHtml({ rawHtml: true })

/** A page's hero (hero.ts), made by the build from front matter: sanitized, its links and image resolved as a page's. */
export const heroHtmlProcessor = unified().use(rehypeSanitize, sanitizeSchema).use(rehypeLinks).use(rehypeAssets).use(rehypeStringify).freeze()

/** How the Markdown copy is written: the most common choices of CommonMark authors. */
const MARKDOWN_STYLE: MarkdownStyle = {
  bullet: '-',
  emphasis: '_',
  fences: true,
  listItemIndent: 'one',
  rule: '-',
}

/**
 * The document's Markdown copy, for AI tools, from the tree the HTML chain
 * parsed and ran its syntax plugins on (foreign markers are gone). It runs on
 * that same tree after the HTML tree is built: remark-rehype makes a new tree
 * and leaves the Markdown one as it was, so the copy's changes need no clone.
 * remark-gfm is here for the writers it registers for its nodes.
 */
export const markdownCopyProcessor = unified()
  .use(remarkGfm)
  .use(remarkAssetUrls)
  .use(remarkMarkdownCopy, { sanitizeSchema })
  .use(remarkCodeCopy)
  .use(remarkStringify, MARKDOWN_STYLE)
  .freeze()
