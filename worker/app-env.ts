import type { Config } from './config.ts'
import type { AuthVariables } from './http/auth.ts'
import type { Store } from './store.ts'

/** Hono's generics for this app: bindings from `wrangler types`, per-request variables. */
export interface AppEnv {
  Bindings: Env
  Variables: AuthVariables & { config: Config; store: Store }
}
