/**
 * Environment for wrangler in local mode: no telemetry, no banner, and no
 * attempt to download the `Request.cf` object, which fails offline with a
 * stack trace at every start.
 */
export const QUIET_WRANGLER_ENV = {
  WRANGLER_SEND_METRICS: 'false',
  WRANGLER_HIDE_BANNER: 'true',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
} as const
