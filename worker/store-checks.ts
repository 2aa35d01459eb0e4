import type { z } from 'zod'
import { StoreUnavailable } from './errors.ts'

/** JSON text checked against its schema; anything else is a storage fault naming the key. */
export function parse<T>(key: string, text: string, schema: z.ZodType<T>): T {
  return check(key, parseJson(key, text), schema)
}

export function parseJson(key: string, text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    throw new StoreUnavailable(`${key} is not JSON`)
  }
}

export function check<T>(key: string, value: unknown, schema: z.ZodType<T>): T {
  const result = schema.safeParse(value)
  if (!result.success) {
    const issue = result.error.issues[0]
    throw new StoreUnavailable(`${key} does not match its schema: ${issue?.path.join('.') || '(root)'} ${issue?.message ?? ''}`)
  }
  return result.data
}
