import type { Hook } from '@hono/zod-openapi'
import type { ZodError } from 'zod'
import { Problem, type FieldError } from './problem.ts'

/** Zod issues as RFC 6901 pointers into the request body or query. */
export function fieldErrors(error: ZodError): FieldError[] {
  // RFC 6901: "" is the whole document, each key adds "/key".
  return error.issues.map((issue) => ({
    pointer: issue.path.map((key) => `/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`).join(''),
    detail: issue.message,
  }))
}

/** Every failed request validation becomes one 422 problem listing all fields. */
export const validationHook: Hook<any, any, any, any> = (result) => {
  if (!result.success) {
    throw new Problem(422, 'The request has invalid fields.', { errors: fieldErrors(result.error as ZodError) })
  }
}
