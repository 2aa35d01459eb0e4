import { env } from 'cloudflare:workers'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker'
import app from '../../worker/index.ts'

/** The SDK's own client over its Streamable HTTP transport, sending every request through the real app. */
export async function connectMcp(headers: Record<string, string> = {}): Promise<Client> {
  // The client's default validator, ajv, compiles with `new Function`, which workerd forbids.
  const client = new Client({ name: 'docs-tests', version: '1.0.0' }, { jsonSchemaValidator: new CfWorkerJsonSchemaValidator() })
  const transport = new StreamableHTTPClientTransport(new URL('https://docs.example/mcp'), {
    requestInit: { headers },
    fetch: async (url, init) => app.request(String(url), init, env),
  })
  await client.connect(transport)
  return client
}
