import type { Context } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { Reader } from '../read-model/index.ts'

/** The read model of the live build, for the caller this request names (token, languages). */
export function openReader(c: Context<AppEnv>): Promise<Reader> {
  return Reader.open(c.var.store, { canReadDrafts: c.var.canReadDrafts, acceptLanguage: c.req.header('Accept-Language') })
}
