import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { classifyAndLog } from '../http/classify.ts'

/** A successful tool result: text blocks a model reads in order. */
export const toolText = (...texts: string[]): CallToolResult => ({ content: texts.map((text) => ({ type: 'text', text })) })

/** A failed tool call the model can act on: one or two sentences saying what to do instead. */
export const toolError = (sentence: string): CallToolResult => ({ content: [{ type: 'text', text: sentence }], isError: true })

/** What a tool or a resource read says when the storage fails: the model may retry later. */
export const UNAVAILABLE_SENTENCE = 'The docs are temporarily unavailable (their storage is not answering). Try again in a minute.'

/**
 * Runs a tool so that no fault becomes a transport error: storage faults are
 * a tool error the model can retry later, and anything else is logged and
 * reported without its message (which could carry internals).
 */
export function guarded<A>(tool: string, run: (args: A) => Promise<CallToolResult>): (args: A) => Promise<CallToolResult> {
  return async function guardedTool(args) {
    try {
      return await run(args)
    } catch (error) {
      const found = classifyAndLog(tool, error)
      if (found.retryable) return toolError(UNAVAILABLE_SENTENCE)
      return toolError(found.detail ?? `${tool} failed on the server's side. Try again; if it fails again, use the HTTP API under /v1 instead.`)
    }
  }
}

/** Every tool here only reads the published docs. */
export const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const
