import openapiTS, { astToString } from 'openapi-typescript'

/** The TypeScript types openapi-typescript writes for an OpenAPI document (`paths`, `components`, `operations`). */
export async function generateTypes(document: object): Promise<string> {
  return astToString(await openapiTS(JSON.stringify(document)))
}
