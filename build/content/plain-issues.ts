import type { z } from 'zod'

// What a value of each type looks like to an author writing YAML.
const EXPECTED: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a map of "key: value" lines',
  null: 'empty',
}

/** How a YAML value reads back to its author: `"sometimes"`, `3`, `a list`. */
export function shownValue(value: unknown): string {
  if (value === null) return 'nothing'
  if (Array.isArray(value)) return 'a list'
  if (typeof value === 'object') return 'a map'
  if (typeof value === 'string') return JSON.stringify(value)
  return String(value)
}

function oneOf(choices: string[]): string {
  return choices.length > 1 ? `${choices.slice(0, -1).join(', ')} or ${choices.at(-1)}` : (choices[0] ?? 'nothing')
}

/**
 * The build's messages for a value of the wrong shape in front matter,
 * site.yml or a category file: what the field takes and what it got, in
 * authors' words rather than zod's ("Invalid input"). A schema's own message
 * (`toc`'s, a date's) wins over these.
 */
export const plainIssue: z.core.$ZodErrorMap = (issue) => {
  const got = `; got ${shownValue(issue.input)}`
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required'
      return `must be ${EXPECTED[issue.expected] ?? issue.expected}${got}`
    case 'too_small':
      if (issue.origin === 'string' && issue.minimum === 1) return 'must not be empty'
      if (issue.origin === 'array') return `must list at least ${issue.minimum}`
      return `must be at least ${issue.minimum}${got}`
    case 'too_big':
      if (issue.origin === 'array') return `must list at most ${issue.maximum}`
      return `must be at most ${issue.maximum}${got}`
    case 'invalid_value':
      return `must be ${oneOf(issue.values.map((value) => shownValue(value)))}${got}`
    case 'invalid_format':
      return issue.format === 'url' ? `must be a URL such as https://github.com/acme/docs${got}` : `has the wrong form${got}`
    default:
      return undefined
  }
}
