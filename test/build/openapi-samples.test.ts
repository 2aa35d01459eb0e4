import { describe, expect, it } from 'vitest'
import type { ApiOperation, ApiParameter, ApiSecurityScheme } from '../../contract/api-reference.ts'
import { codeSamplesOf } from '../../build/openapi/code-samples.ts'
import { exampleOf } from '../../build/openapi/examples.ts'

/** A tree node as the dereferencer leaves it: the component expanded once, its repeat a cycle marker. */
const NODE = {
  'x-ref': '#/components/schemas/Node',
  type: 'object',
  properties: {
    name: { type: 'string', example: 'root' },
    children: { type: 'array', items: { $ref: '#/components/schemas/Node', 'x-circular': true } },
    parent: { $ref: '#/components/schemas/Node', 'x-circular': true },
  },
}

const USER = {
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true, example: 7 },
    email: { type: 'string', example: 'ada@example.com' },
    password: { type: 'string', writeOnly: true, example: 'secret' },
  },
}

describe('examples of media types and parameters', () => {
  it('prefers the media type’s own example, then the first of its examples, then the schema’s', () => {
    const schema = { type: 'string', example: 'from schema', examples: ['from schema examples'] }
    const examples = { external: { externalValue: 'https://example.com/x.json' }, first: { value: 'from examples' }, second: { value: 'later' } }
    expect(exampleOf({ example: 'own', examples, schema }, 'response')).toEqual({ value: 'own', generated: false })
    expect(exampleOf({ examples, schema }, 'response')).toEqual({ value: 'from examples', generated: false })
    expect(exampleOf({ schema }, 'response')).toEqual({ value: 'from schema', generated: false })
    expect(exampleOf({ schema: { type: 'string', examples: ['from schema examples'] } }, 'response')).toEqual({ value: 'from schema examples', generated: false })
  })

  it('keeps a null example as given rather than generating one', () => {
    expect(exampleOf({ example: null, schema: { type: 'string' } }, 'response')).toEqual({ value: null, generated: false })
  })

  it('generates an example from the schema when none is given, and marks it generated', () => {
    const schema = { type: 'object', properties: { count: { type: 'integer' }, tags: { type: 'array', minItems: 5, items: { type: 'string' } } } }
    expect(exampleOf({ schema }, 'response')).toEqual({ value: { count: 0, tags: ['string'] }, generated: true })
  })

  it('has no example without a schema', () => {
    expect(exampleOf({ description: 'anything' }, 'response')).toBeNull()
  })

  it('takes a content parameter’s example from its first media type', () => {
    const parameter = { name: 'filter', in: 'query', content: { 'application/json': { schema: { type: 'object', properties: { q: { type: 'string', example: 'x' } } } } } }
    expect(exampleOf(parameter, 'request')).toEqual({ value: { q: 'x' }, generated: true })
  })

  it('stops at a cycle marker instead of looping or throwing, sampling the repeat as its bare type', () => {
    expect(exampleOf({ schema: NODE }, 'response')).toEqual({ value: { name: 'root', children: [{}], parent: {} }, generated: true })
  })

  it('walks a property whatever its name, and keeps defaults and examples as the data they are', () => {
    const schema = {
      ...NODE,
      properties: { default: NODE.properties.parent, limits: { type: 'object', default: { minItems: 4 } } },
    }
    expect(exampleOf({ schema }, 'response')?.value).toEqual({ default: {}, limits: { minItems: 4 } })
  })

  it('leaves readOnly properties out of a request and writeOnly ones out of a response', () => {
    expect(exampleOf({ schema: USER }, 'request')?.value).toEqual({ email: 'ada@example.com', password: 'secret' })
    expect(exampleOf({ schema: USER }, 'response')?.value).toEqual({ id: 7, email: 'ada@example.com' })
  })
})

const parameter = (fields: Partial<ApiParameter> & Pick<ApiParameter, 'in' | 'name'>): ApiParameter => ({
  required: fields.in === 'path',
  deprecated: false,
  description: null,
  schema: { type: 'string' },
  example: null,
  ...fields,
})

const scheme = (fields: Partial<ApiSecurityScheme> & Pick<ApiSecurityScheme, 'type'>): ApiSecurityScheme => ({
  name: 'auth',
  scheme: null,
  in: null,
  parameterName: null,
  description: null,
  scopes: [],
  ...fields,
})

const BEARER = scheme({ type: 'http', scheme: 'bearer' })

const operation = (fields: Partial<Omit<ApiOperation, 'codeSamples'>> = {}): Omit<ApiOperation, 'codeSamples'> => ({
  api: 'pets',
  operationId: 'createPet',
  method: 'post',
  path: '/owners/{ownerId}/pets',
  kind: 'operation',
  summary: null,
  description: null,
  tags: [],
  deprecated: false,
  servers: [{ url: 'https://api.pets.test/v2', description: null }],
  parameters: [
    parameter({ in: 'path', name: 'ownerId', example: { value: 42, generated: false } }),
    parameter({ in: 'query', name: 'dryRun', required: true, example: { value: true, generated: false } }),
    parameter({ in: 'query', name: 'verbose', example: { value: true, generated: false } }),
    parameter({ in: 'header', name: 'X-Request-Id', required: true, example: { value: 'abc-1', generated: false } }),
  ],
  requestBody: {
    required: true,
    description: null,
    content: [{ mediaType: 'application/json', schema: null, example: { value: { name: 'Rex', tags: ['dog'] }, generated: false } }],
  },
  responses: [],
  callbacks: [],
  security: [[BEARER]],
  ...fields,
})

const sourceOf = (samples: { label: string; source: string }[], label: string): string => samples.find((sample) => sample.label === label)?.source ?? ''

describe('generated code samples', () => {
  const { codeSamples } = codeSamplesOf(operation())

  it('offers curl, JavaScript fetch and Python requests, in that order', () => {
    expect(codeSamples.map(({ lang, label }) => ({ lang, label }))).toEqual([
      { lang: 'shell', label: 'curl' },
      { lang: 'javascript', label: 'JavaScript' },
      { lang: 'python', label: 'Python' },
    ])
  })

  it('writes a curl command with the method, the server URL, the filled path, required parameters, auth and JSON body', () => {
    const curl = sourceOf(codeSamples, 'curl')
    expect(curl).toContain("curl 'https://api.pets.test/v2/owners/42/pets?dryRun=true'")
    expect(curl).toContain('--request POST')
    expect(curl).toContain("--header 'X-Request-Id: abc-1'")
    expect(curl).toContain("--header 'Authorization: Bearer <token>'")
    expect(curl).toContain("--header 'Content-Type: application/json'")
    expect(curl).toContain('"name": "Rex"')
    expect(curl).not.toContain('verbose')
  })

  it('writes a fetch call with the method and the JSON body', () => {
    const fetchSource = sourceOf(codeSamples, 'JavaScript')
    expect(fetchSource).toContain("fetch('https://api.pets.test/v2/owners/42/pets?dryRun=true'")
    expect(fetchSource).toContain("method: 'POST'")
    expect(fetchSource).toContain('body: JSON.stringify({')
    expect(fetchSource).toContain("name: 'Rex'")
  })

  it('writes a Python call with requests.post and the JSON body', () => {
    const python = sourceOf(codeSamples, 'Python')
    expect(python).toContain('requests.post("https://api.pets.test/v2/owners/42/pets"')
    expect(python).toContain('"dryRun": "true"')
    expect(python).toContain('json={')
  })

  it('leaves a path parameter without an example visibly as {name}, and uses a placeholder base URL without servers', () => {
    const bare = operation({ servers: [], parameters: [parameter({ in: 'path', name: 'ownerId' })], requestBody: null, security: [] })
    expect(sourceOf(codeSamplesOf(bare).codeSamples, 'JavaScript')).toContain("fetch('https://api.example.com/owners/{ownerId}/pets'")
  })

  it('resolves a relative server URL against the placeholder base URL', () => {
    const relative = operation({ servers: [{ url: '/v2', description: null }] })
    expect(sourceOf(codeSamplesOf(relative).codeSamples, 'JavaScript')).toContain("fetch('https://api.example.com/v2/owners/42/pets?dryRun=true'")
  })

  it('sends an OAuth 2 token as a bearer token and another HTTP scheme with its own name', () => {
    const oauth = operation({ security: [[scheme({ type: 'oauth2', scopes: ['pets:write'] })]] })
    expect(sourceOf(codeSamplesOf(oauth).codeSamples, 'curl')).toContain("--header 'Authorization: Bearer <token>'")
    const digest = operation({ security: [[scheme({ type: 'http', scheme: 'Digest' })]] })
    expect(sourceOf(codeSamplesOf(digest).codeSamples, 'curl')).toContain("--header 'Authorization: Digest <credentials>'")
  })

  it('serializes a JSON body that is a string as JSON', () => {
    const text = operation({
      requestBody: { required: true, description: null, content: [{ mediaType: 'application/json', schema: null, example: { value: 'Rex', generated: false } }] },
    })
    expect(sourceOf(codeSamplesOf(text).codeSamples, 'curl')).toContain(`--data '"Rex"'`)
  })

  it('puts placeholders for an API key in a header or the query, and for basic credentials', () => {
    const headerKey = operation({ security: [[scheme({ type: 'apiKey', in: 'header', parameterName: 'X-Api-Key' })]] })
    expect(sourceOf(codeSamplesOf(headerKey).codeSamples, 'curl')).toContain("--header 'X-Api-Key: <api-key>'")
    const queryKey = operation({ security: [[scheme({ type: 'apiKey', in: 'query', parameterName: 'key' })]] })
    expect(sourceOf(codeSamplesOf(queryKey).codeSamples, 'curl')).toContain('dryRun=true&key=%3Capi-key%3E')
    const basic = codeSamplesOf(operation({ security: [[scheme({ type: 'http', scheme: 'basic' })], [BEARER]] })).codeSamples
    expect(sourceOf(basic, 'curl')).toContain("--user '<username>:<password>'")
    expect(sourceOf(basic, 'Python')).toContain('auth=("<username>", "<password>")')
    expect(sourceOf(basic, 'JavaScript')).toContain("Authorization: 'Basic <base64 of username:password>'")
    expect(sourceOf(basic, 'curl')).not.toContain('Bearer')
  })

  it('sends a form-urlencoded body as form fields', () => {
    const form = operation({
      requestBody: {
        required: true,
        description: null,
        content: [{ mediaType: 'application/x-www-form-urlencoded', schema: null, example: { value: { name: 'Rex', age: 3 }, generated: false } }],
      },
    })
    const samples = codeSamplesOf(form).codeSamples
    expect(sourceOf(samples, 'curl')).toContain("--data-urlencode 'age=3'")
    expect(sourceOf(samples, 'Python')).toContain('data={')
    expect(sourceOf(samples, 'JavaScript')).toContain('new URLSearchParams({')
    expect(sourceOf(samples, 'curl')).not.toContain('Content-Type')
  })

  it('generates nothing for a webhook, whose request the API sends', () => {
    expect(codeSamplesOf(operation({ kind: 'webhook', path: 'petAdopted' })).codeSamples).toEqual([])
  })
})

describe('the author’s x-codeSamples', () => {
  it('come first, before the generated samples, with the label defaulting to the language', () => {
    const vendor = [
      { lang: 'ruby', label: 'Ruby SDK', source: 'Pets.create(name: "Rex")' },
      { lang: 'go', source: 'pets.Create("Rex")' },
    ]
    const { codeSamples, warnings } = codeSamplesOf(operation(), vendor)
    expect(codeSamples.map((sample) => sample.label)).toEqual(['Ruby SDK', 'go', 'curl', 'JavaScript', 'Python'])
    expect(codeSamples[1]).toEqual({ lang: 'go', label: 'go', source: 'pets.Create("Rex")' })
    expect(warnings).toEqual([])
  })

  it("are highlighted in the language Redoc's names stand for (cURL, C#, Node.js), labelled as written", () => {
    const vendor = ['cURL', 'C#', 'Node.js', 'Python'].map((lang) => ({ lang, source: 'x' }))
    const { codeSamples } = codeSamplesOf(operation(), vendor)
    expect(codeSamples.slice(0, 4).map((sample) => [sample.lang, sample.label])).toEqual([
      ['shell', 'cURL'],
      ['csharp', 'C#'],
      ['javascript', 'Node.js'],
      ['python', 'Python'],
    ])
  })

  it('leave an invalid entry out with a warning pointing at it, keeping the valid ones', () => {
    const { codeSamples, warnings } = codeSamplesOf(operation(), [{ lang: 'go', source: 'ok()' }, { lang: 'ruby' }])
    expect(codeSamples.map((sample) => sample.label)).toEqual(['go', 'curl', 'JavaScript', 'Python'])
    expect(warnings.map((warning) => warning.pointer)).toEqual(['/1/source'])
  })

  it('that are not a list are a warning, and the generated samples remain', () => {
    const { codeSamples, warnings } = codeSamplesOf(operation(), { lang: 'go' })
    expect(codeSamples).toHaveLength(3)
    expect(warnings).toEqual([{ pointer: '', message: 'code samples must be a list of {lang, label?, source}' }])
  })
})
