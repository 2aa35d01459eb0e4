/**
 * Authors' files are untrusted: opened directly, an SVG is a document on this
 * origin. The policy lets it draw (inline styles) and run nothing: no script,
 * no plugin, no request, and `sandbox` gives it an opaque origin besides.
 * `nosniff` keeps browsers to the declared type.
 */
export const ASSET_SECURITY_HEADERS = {
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  'X-Content-Type-Options': 'nosniff',
} as const
