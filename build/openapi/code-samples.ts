import type { Plugin } from '@scalar/snippetz'
import { jsFetch } from '@scalar/snippetz/plugins/js/fetch'
import { pythonRequests } from '@scalar/snippetz/plugins/python/requests'
import { shellCurl } from '@scalar/snippetz/plugins/shell/curl'
import { z } from 'zod'
import type { ApiCodeSample, ApiOperation } from '../../contract/api-reference.ts'
import { exampleRequest } from './http-request.ts'

/** A vendor sample that cannot be used, with the JSON pointer to it inside the value that was given. */
export interface CodeSampleWarning {
  pointer: string
  message: string
}

/**
 * Each client is imported alone rather than through `snippetz().print`, which loads all forty and
 * cannot pass basic credentials; `basicAuth` says whether the plugin writes them from its configuration
 * in the client's own idiom (`--user`, `auth=`); the others get the header spelled out.
 */
const CLIENTS: { plugin: Plugin; lang: string; label: string; basicAuth: boolean }[] = [
  { plugin: shellCurl, lang: 'shell', label: 'curl', basicAuth: true },
  { plugin: jsFetch, lang: 'javascript', label: 'JavaScript', basicAuth: false },
  { plugin: pythonRequests, lang: 'python', label: 'Python', basicAuth: true },
]

const BASIC_PLACEHOLDERS = { username: '<username>', password: '<password>' }

/**
 * Redoc's names of languages in `x-codeSamples` that are not highlighting languages: written
 * `cURL`, `C#`, `Node.js`, they would be shown as plain text. Others only need lower case (`Python`).
 */
const VENDOR_LANGUAGES: Record<string, string> = { curl: 'shell', 'c#': 'csharp', 'node.js': 'javascript', node: 'javascript', 'objective-c': 'objc' }

const highlightLanguage = (lang: string) => VENDOR_LANGUAGES[lang.toLowerCase()] ?? lang.toLowerCase()

/** Redocly's `x-codeSamples` (also spelled `x-code-samples`): `label` defaults to `lang`. */
const VendorSample = z.object({ lang: z.string().min(1), label: z.string().min(1).optional(), source: z.string() })

/**
 * The code samples of an operation: the author's own (`x-codeSamples`) first, then curl, JavaScript
 * `fetch` and Python `requests` made by @scalar/snippetz. The author's come first rather than instead:
 * Scalar and Redocly list custom samples alongside the generated ones, and an author's SDK sample is
 * the better first tab while the generated curl still shows the raw HTTP.
 * A webhook has no generated samples: the API sends that request, the reader never does.
 */
export function codeSamplesOf(operation: Omit<ApiOperation, 'codeSamples'>, vendorSamples?: unknown): { codeSamples: ApiCodeSample[]; warnings: CodeSampleWarning[] } {
  const vendor = vendorCodeSamples(vendorSamples)
  const generated = operation.kind === 'webhook' ? [] : generatedCodeSamples(operation)
  return { codeSamples: [...vendor.codeSamples, ...generated], warnings: vendor.warnings }
}

function generatedCodeSamples(operation: Omit<ApiOperation, 'codeSamples'>): ApiCodeSample[] {
  const { request, basicAuth } = exampleRequest(operation)
  return CLIENTS.map(({ plugin, lang, label, basicAuth: configured }) => {
    if (!basicAuth) return { lang, label, source: plugin.generate(request) }
    if (configured) return { lang, label, source: plugin.generate(request, { auth: BASIC_PLACEHOLDERS }) }
    const headers = [...(request.headers ?? []), { name: 'Authorization', value: 'Basic <base64 of username:password>' }]
    return { lang, label, source: plugin.generate({ ...request, headers }) }
  })
}

/** Invalid entries are left out with a warning, so one typo does not cost the page its other samples. */
function vendorCodeSamples(value: unknown): { codeSamples: ApiCodeSample[]; warnings: CodeSampleWarning[] } {
  if (value === undefined) return { codeSamples: [], warnings: [] }
  if (!Array.isArray(value)) return { codeSamples: [], warnings: [{ pointer: '', message: 'code samples must be a list of {lang, label?, source}' }] }
  const codeSamples: ApiCodeSample[] = []
  const warnings: CodeSampleWarning[] = []
  value.forEach((entry, index) => {
    const parsed = VendorSample.safeParse(entry)
    if (parsed.success) codeSamples.push({ lang: highlightLanguage(parsed.data.lang), label: parsed.data.label ?? parsed.data.lang, source: parsed.data.source })
    else for (const issue of parsed.error.issues) warnings.push({ pointer: `/${[index, ...issue.path].join('/')}`, message: issue.message })
  })
  return { codeSamples, warnings }
}
