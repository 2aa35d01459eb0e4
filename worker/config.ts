import { z } from 'zod'

// RFC 7518 §3.2: an HS256 key must be at least as long as the hash output.
const MIN_SECRET_BYTES = 32

const ConfigSchema = z
  .object({
    JWT_SECRET: z
      .string()
      .refine((secret) => new TextEncoder().encode(secret).byteLength >= MIN_SECRET_BYTES, `must be at least ${MIN_SECRET_BYTES} bytes (RFC 7518 §3.2)`)
      .optional(),
    JWT_JWKS_URL: z.union([z.literal(''), z.url({ protocol: /^https?$/ })]).default(''),
    JWT_ISSUER: z.string().min(1),
    JWT_AUDIENCE: z.string().min(1),
    CORS_ORIGINS: z.string().default('*'),
    POINTER_TTL_SECONDS: z
      .string()
      .regex(/^\d{1,4}$/, 'must be a whole number of seconds, 0 to 9999')
      .default('5')
      .transform(Number),
    // The author preview (worker/preview/): HTML pages beside the API. Off unless a deployment turns it on.
    PREVIEW: z.enum(['true', 'false'], { error: 'must be "true" or "false"' }).default('false'),
    // Set by `npm start` only, never in wrangler.toml: its drafts token, and where it reports each build's outcome.
    PREVIEW_TOKEN: z.string().min(1).optional(),
    PREVIEW_EVENTS_URL: z.url({ protocol: /^https?$/ }).optional(),
  })
  .refine((env) => env.JWT_SECRET !== undefined || env.JWT_JWKS_URL !== '', {
    message: 'is required unless JWT_JWKS_URL is set',
    path: ['JWT_SECRET'],
  })
  .transform((env) => ({
    jwt: { secret: env.JWT_SECRET, jwksUrl: env.JWT_JWKS_URL || undefined, issuer: env.JWT_ISSUER, audience: env.JWT_AUDIENCE },
    corsOrigins: env.CORS_ORIGINS,
    pointerTtlMs: env.POINTER_TTL_SECONDS * 1000,
    preview: env.PREVIEW === 'true' ? { enabled: true as const, token: env.PREVIEW_TOKEN, eventsUrl: env.PREVIEW_EVENTS_URL } : { enabled: false as const },
  }))

/** The worker's settings, read from its bindings once per isolate. */
export type Config = z.output<typeof ConfigSchema>

export type ConfigResult = { ok: true; config: Config } | { ok: false; problem: string }

// Deliberate isolate cache: one validation (and one log line) per bindings object.
const configByEnv = new WeakMap<object, ConfigResult>()

/** Validates the bindings once; a bad one is logged once, naming the variable, and reported on every call. */
export function configFrom(env: Env): ConfigResult {
  const cached = configByEnv.get(env)
  if (cached) return cached
  const parsed = ConfigSchema.safeParse(env)
  const result: ConfigResult = parsed.success
    ? { ok: true, config: parsed.data }
    : { ok: false, problem: parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ') }
  if (!result.ok) console.error(`docs-service is misconfigured: ${result.problem}`)
  configByEnv.set(env, result)
  return result
}
