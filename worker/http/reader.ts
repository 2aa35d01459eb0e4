import type { Context } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { Reader } from '../read-model/index.ts'

/** `{ version }` for a body read from a site with named versions, else nothing. */
export function versionField(reader: Reader): { version?: string } {
  return reader.versionName === null ? {} : { version: reader.versionName }
}

/**
 * The read model of the live build, for the caller this request names
 * (token, languages), in the docs version it names (`?version=` or the search
 * body's `version`); undefined reads the default one (and for release notes,
 * status and the server card, which are site-wide, the choice is moot).
 */
export function openReader(c: Context<AppEnv>, version: string | undefined): Promise<Reader> {
  return Reader.open(c.var.store, { canReadDrafts: c.var.canReadDrafts, acceptLanguage: c.req.header('Accept-Language') }, version)
}
