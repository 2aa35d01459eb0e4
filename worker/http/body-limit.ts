import { bodyLimit } from 'hono/body-limit'
import { Problem } from './problem.ts'

/** The largest request body the API reads: a search or an MCP message. */
export const MAX_BODY_BYTES = 16 * 1024

/**
 * hono's body limit counts what arrives (a chunked body has no length, and a
 * Content-Length may lie); over the limit is a 413 problem.
 */
export const jsonBodyLimit = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: () => {
    throw new Problem(413, `The request body is larger than ${MAX_BODY_BYTES} bytes.`)
  },
})
