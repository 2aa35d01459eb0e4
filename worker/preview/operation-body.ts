/**
 * An operation page's body as the preview shows it. Its schema tables become folds a reader opens and closes, with no script: each table
 * that follows a media type's heading (`application/json`) goes into a `<details>`. Those of the
 * request and of success answers start open; those of error answers (4XX, 5XX, `default`) start
 * closed, as Redocly and Scalar show them, so that a long error schema does not bury the rest.
 * Read with workerd's own HTML parser (HTMLRewriter): the build's headings and tables as they are,
 * the section by its heading's id (`responses`), the status by its heading's text (`404 Not Found`).
 *
 * Its admonitions (the deprecation warning) are notes: an `<aside>` in the page is otherwise a
 * complementary landmark inside the main one, which axe reports (landmark-complementary-is-top-level).
 */
export async function operationBody(fragment: string, summary: string): Promise<string> {
  let section = ''
  let heading = ''
  let status = ''
  const rewriter = new HTMLRewriter()
    .on('h2', {
      element(element) {
        section = element.getAttribute('id') ?? ''
        status = ''
      },
    })
    .on('h3, h4, h5, h6', {
      element(element) {
        heading = ''
        const level = element.tagName
        element.onEndTag(() => {
          if (section.startsWith('responses') && level === 'h3') status = heading.trim()
        })
      },
      text(chunk) {
        heading += chunk.text
      },
    })
    .on('aside.admonition', {
      element(element) {
        element.setAttribute('role', 'note')
      },
    })
    .on('table', {
      element(element) {
        if (!OPERATION_SECTIONS.test(section) || !heading.includes('/')) return
        const open = isErrorStatus(status) ? '' : ' open'
        element.before(`<details class="schema"${open}><summary>${escapeText(summary)}</summary>`, { html: true })
        element.after('</details>', { html: true })
        // The next table needs a media type's heading of its own.
        heading = ''
      },
    })
  return rewriter.transform(new Response(fragment)).text()
}

// The sections the build writes for an operation (build/openapi/operation-sections.ts); an author's
// own table in a description stays as it is.
const OPERATION_SECTIONS = /^(?:request-body|responses|callbacks)/

function isErrorStatus(status: string): boolean {
  return /^(?:[45]|default\b)/i.test(status)
}

function escapeText(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;')
}
