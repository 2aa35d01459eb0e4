/** The parts bench/openapi-corpus.ts writes an OpenAPI document from: per resource, its schemas and 25 operations. */

export const OPS_PER_TAG = 25

export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })
export const pascal = (name: string) => name.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase())

const SUBS = { notes: 'Note', attachments: 'Attachment', members: 'Member', labels: 'Label' }
const ERRORS = { '400': { $ref: '#/components/responses/Problem' }, '404': { $ref: '#/components/responses/NotFound' } }
const CURSOR = { $ref: '#/components/parameters/Cursor' }
const LIMIT = { $ref: '#/components/parameters/Limit' }
const IDEMPOTENCY = { name: 'Idempotency-Key', in: 'header', description: 'Makes a retry safe: the same key gets the same answer.', schema: { type: 'string', maxLength: 64 } }
const IF_MATCH = { name: 'If-Match', in: 'header', required: true, description: 'The `ETag` the change is based on.', schema: { type: 'string' } }

export interface GeneratedOperation {
  path: string
  method: string
  operationId: string
  summary: string
  parameters: unknown[]
  /** The schema of its JSON request body, if it has one. */
  body: string | null
  responses: Record<string, unknown>
}

const json = (schema: unknown, description: string) => ({ description, content: { 'application/json': { schema } } })
const pathId = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } })

/** A resource's 25 operations, in this order: CRUD on it, four sub-collections of four, three actions. */
export function resourceOperations(resource: string, name: string): GeneratedOperation[] {
  const id = pathId(`${name.charAt(0).toLowerCase()}${name.slice(1)}Id`)
  const item = `/${resource}/{${id.name}}`
  const one = (description: string) => json(ref(name), description)
  const withRateLimit = { ...one(`The ${name}.`), headers: { 'X-RateLimit-Remaining': { description: 'Requests left this minute.', schema: { type: 'integer' } } } }
  const operation = (path: string, method: string, operationId: string, summary: string, rest: Pick<GeneratedOperation, 'parameters' | 'body' | 'responses'>) => ({
    path,
    method,
    operationId,
    summary,
    ...rest,
  })
  const status = { name: 'status', in: 'query', schema: ref(`${name}Status`) }
  const query = { name: 'q', in: 'query', description: 'Words the name or description has.', schema: { type: 'string' } }
  const sort = { name: 'sort', in: 'query', schema: { type: 'string', enum: ['createdAt', '-createdAt', 'name'], default: '-createdAt' } }
  const input = `${name}Input`
  const crud = [
    operation(`/${resource}`, 'get', `list${name}s`, `List ${name}s`, {
      parameters: [CURSOR, LIMIT, query, status, sort],
      body: null,
      responses: { '200': json(ref(`${name}Page`), 'A page.') },
    }),
    operation(`/${resource}`, 'post', `create${name}`, `Create a ${name}`, { parameters: [IDEMPOTENCY], body: input, responses: { '201': one('Created.'), ...ERRORS } }),
    operation(item, 'get', `get${name}`, `Get a ${name}`, { parameters: [id], body: null, responses: { '200': withRateLimit, ...ERRORS } }),
    operation(item, 'put', `replace${name}`, `Replace a ${name}`, { parameters: [id, IF_MATCH], body: input, responses: { '200': one('Replaced.'), ...ERRORS } }),
    operation(item, 'patch', `update${name}`, `Update a ${name}`, { parameters: [id, IF_MATCH], body: input, responses: { '200': one('Updated.'), ...ERRORS } }),
    operation(item, 'delete', `delete${name}`, `Delete a ${name}`, { parameters: [id], body: null, responses: { '204': { description: 'Deleted.' }, ...ERRORS } }),
  ]
  const subs = Object.entries(SUBS).flatMap(([sub, schema]) => {
    const subId = pathId(`${sub.slice(0, -1)}Id`)
    const [many, single] = [`${name}${pascal(sub)}`, `${name}${schema}`]
    return [
      operation(`${item}/${sub}`, 'get', `list${many}`, `List the ${sub} of a ${name}`, {
        parameters: [id, CURSOR, LIMIT],
        body: null,
        responses: { '200': json({ type: 'array', items: ref(schema) }, 'The items.'), ...ERRORS },
      }),
      operation(`${item}/${sub}`, 'post', `add${single}`, `Add to the ${sub} of a ${name}`, {
        parameters: [id, IDEMPOTENCY],
        body: schema,
        responses: { '201': json(ref(schema), 'Added.'), ...ERRORS },
      }),
      operation(`${item}/${sub}/{${subId.name}}`, 'get', `get${single}`, `Get one of the ${sub} of a ${name}`, {
        parameters: [id, subId],
        body: null,
        responses: { '200': json(ref(schema), 'The item.'), ...ERRORS },
      }),
      operation(`${item}/${sub}/{${subId.name}}`, 'delete', `remove${single}`, `Remove one of the ${sub} of a ${name}`, {
        parameters: [id, subId],
        body: null,
        responses: { '204': { description: 'Removed.' }, ...ERRORS },
      }),
    ]
  })
  const actions = [
    ...['archive', 'restore'].map((action) =>
      operation(`${item}/${action}`, 'post', `${action}${name}`, `${pascal(action)} a ${name}`, {
        parameters: [id, IDEMPOTENCY],
        body: null,
        responses: { '200': one('Done.'), ...ERRORS },
      }),
    ),
    operation(`${item}/history`, 'get', `history${name}`, `The history of a ${name}`, {
      parameters: [id, CURSOR, LIMIT],
      body: null,
      responses: { '200': json(ref(`${name}Page`), 'Earlier states, newest first.'), ...ERRORS },
    }),
  ]
  return [...crud, ...subs, ...actions]
}

/** A resource's five schemas: its status (an enum), its summary, itself (allOf, and a oneOf on every fourth), its input and a page of it. */
export function resourceSchemas(name: string, resource: string, index: number, owner: string): Record<string, unknown> {
  const properties = {
    createdAt: { type: 'string', format: 'date-time' },
    description: { type: ['string', 'null'], maxLength: 2000 },
    labels: { type: 'array', items: ref('Label') },
    owner: ref(owner),
    amount: ref('Money'),
    address: ref('Address'),
    category: ref('Category'),
    metadata: { type: 'object', additionalProperties: { type: 'string' } },
    ...(index % 4 === 0 ? { payment: { oneOf: [ref('Card'), ref('BankTransfer')], discriminator: { propertyName: 'type' } } } : {}),
  }
  const summary = { id: { type: 'string', example: `${resource.slice(0, 3)}_8f2a` }, name: { type: 'string' }, status: ref(`${name}Status`) }
  return {
    [`${name}Status`]: { type: 'string', enum: ['draft', 'active', 'suspended', 'archived'].slice(0, 3 + (index % 2)), description: `Where a ${name} is in its life.` },
    [`${name}Summary`]: { type: 'object', required: ['id', 'name'], properties: summary },
    [name]: { allOf: [ref(`${name}Summary`), { type: 'object', properties }] },
    [`${name}Input`]: {
      type: 'object',
      required: ['name'],
      properties: { name: { type: 'string', minLength: 1 }, description: { type: 'string' }, amount: ref('Money'), labels: { type: 'array', items: { type: 'string' } } },
    },
    [`${name}Page`]: { type: 'object', required: ['items', 'nextCursor'], properties: { items: { type: 'array', items: ref(name) }, nextCursor: { type: ['string', 'null'] } } },
  }
}

/** The components every resource uses: shared schemas (the recursive Category among them), parameters, responses and security schemes. */
export function sharedComponents() {
  const object = (required: string[], properties: Record<string, unknown>) => ({ type: 'object', ...(required.length > 0 ? { required } : {}), properties })
  const problem = { 'application/problem+json': { schema: ref('Problem') } }
  return {
    schemas: {
      Problem: object(['type', 'title', 'status'], { type: { type: 'string', format: 'uri' }, title: { type: 'string' }, status: { type: 'integer' }, detail: { type: 'string' } }),
      Money: object(['amount', 'currency'], {
        amount: { type: 'string', pattern: '^-?\\d+\\.\\d{2}$', example: '18.90' },
        currency: { type: 'string', enum: ['EUR', 'USD', 'GBP', 'JPY'] },
      }),
      Address: object([], {
        lines: { type: 'array', items: { type: 'string' }, maxItems: 3 },
        city: { type: 'string' },
        postalCode: { type: 'string' },
        country: { type: 'string', minLength: 2, maxLength: 2 },
      }),
      Category: { ...object([], { name: { type: 'string' }, children: { type: 'array', items: ref('Category') } }), description: 'A shelf of categories, nested to any depth.' },
      Card: object(['type', 'last4'], { type: { const: 'card' }, last4: { type: 'string' }, brand: { type: 'string', enum: ['visa', 'mastercard', 'amex'] } }),
      BankTransfer: object(['type', 'iban'], { type: { const: 'bank_transfer' }, iban: { type: 'string' } }),
      Note: object(['text'], { id: { type: 'string', readOnly: true }, text: { type: 'string' }, author: ref('Member') }),
      Attachment: object([], { id: { type: 'string' }, fileName: { type: 'string' }, size: { type: 'integer', minimum: 0 }, mediaType: { type: 'string' } }),
      Member: object(['id'], { id: { type: 'string' }, email: { type: 'string', format: 'email' }, role: { type: 'string', enum: ['owner', 'editor', 'viewer'] } }),
      Label: object(['name'], { name: { type: 'string' }, color: { type: 'string', pattern: '^#[0-9a-f]{6}$' } }),
    },
    parameters: {
      RequestId: { name: 'X-Request-Id', in: 'header', description: 'Echoed back, for support requests.', schema: { type: 'string', format: 'uuid' } },
      Cursor: { name: 'cursor', in: 'query', description: 'Where the page starts: a `nextCursor` from the page before.', schema: { type: 'string' } },
      Limit: { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } },
    },
    responses: { Problem: { description: 'The request failed.', content: problem }, NotFound: { description: 'No such item.', content: problem } },
    securitySchemes: {
      bearerAuth: { type: 'http', scheme: 'bearer', description: 'A token from the dashboard.' },
      apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
    },
  }
}
