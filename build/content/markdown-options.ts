// The Markdown options site.yml may set (`markdown.headingIds`, `markdown.format`): the site config
// reads them and the renderer obeys them, so they live with the content and markdown/ imports them.

/**
 * How heading ids are made from heading text, as the framework a site comes
 * from makes them (site.yml `markdown.headingIds`): `github` is
 * github-slugger, which GitHub, Docusaurus and Starlight use
 * (`build.target` -> `buildtarget`); `vitepress` is VitePress's slugify
 * (`build.target` -> `build-target`).
 */
export const HEADING_ID_RULES = ['github', 'vitepress'] as const
export type HeadingIdRule = (typeof HEADING_ID_RULES)[number]
export const DEFAULT_HEADING_ID_RULE: HeadingIdRule = 'github'

/**
 * How a `.md` file is read, as `markdown.format` in site.yml says: `md` is
 * CommonMark and GFM, `mdx` is MDX, and `detect` (the default) reads a file as
 * MDX when it is MDX: see markdown/mdx/parse.ts. `.mdx` files are always MDX.
 */
export const MARKDOWN_FORMATS = ['md', 'mdx', 'detect'] as const
export type MarkdownFormat = (typeof MARKDOWN_FORMATS)[number]
