import { env } from 'cloudflare:workers'
import app from '../../worker/index.ts'

/** The variables `npm start` gives the worker beside PREVIEW. */
export type PreviewVars = { PREVIEW_TOKEN?: string; PREVIEW_EVENTS_URL?: string }

/** A request to the worker with the preview on, as `npm start` runs it (optionally with its drafts token). */
export async function preview(path: string, init: RequestInit = {}, vars: PreviewVars = {}): Promise<Response> {
  return app.request(`https://docs.example${path}`, { redirect: 'manual', ...init }, { ...env, PREVIEW: 'true', ...vars })
}

export async function page(path: string, init: RequestInit = {}, vars: PreviewVars = {}) {
  const response = await preview(path, init, vars)
  return { response, html: await response.text() }
}

/** Every value of `attribute` on the elements `selector` matches, read with workerd's own HTML parser. */
export async function collect(html: string, selector: string, attribute: string): Promise<string[]> {
  const values: string[] = []
  const keep = (value: string | null) => value !== null && values.push(value)
  await new HTMLRewriter()
    .on(selector, { element: (element) => void keep(element.getAttribute(attribute)) })
    .transform(new Response(html))
    .text()
  return values
}

/** The text of each element `selector` matches, with workerd's HTML parser. */
export async function texts(html: string, selector: string): Promise<string[]> {
  const found: string[] = []
  await new HTMLRewriter()
    .on(selector, {
      element: () => void found.push(''),
      text: (chunk) => {
        found[found.length - 1] += chunk.text
      },
    })
    .transform(new Response(html))
    .text()
  return found
}
