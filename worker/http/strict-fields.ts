import { nearestName } from '../../lib/nearest-name.ts'

/**
 * The error option of a request's `z.strictObject`: a field the request does
 * not know (`lmit`) would otherwise be dropped and its default used without
 * a word. The message names the field, the one it most likely meant, and
 * every known field. HTTP routes and MCP tools share it.
 */
export function unknownFields(known: readonly string[]) {
  return function unknownFieldsMessage(issue: { code?: string; keys?: readonly string[] }): string | undefined {
    if (issue.code !== 'unrecognized_keys' || !issue.keys) return undefined
    const guesses = issue.keys.map((key) => nearestName(key, known)).filter((guess) => guess !== null)
    const named = issue.keys.map((key) => `"${key}"`).join(', ')
    const hint = guesses.length > 0 ? ` (did you mean ${guesses.map((guess) => `"${guess}"`).join(', ')}?)` : ''
    return `unknown field${issue.keys.length === 1 ? '' : 's'} ${named}${hint}; the fields are ${known.join(', ')}`
  }
}
