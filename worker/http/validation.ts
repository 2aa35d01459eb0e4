import type { Hook } from '@hono/zod-openapi'
import type { ZodError } from 'zod'
import type { AppEnv } from '../app-env.ts'
import { Problem, type FieldError } from './problem.ts'

/** Zod issues as RFC 6901 pointers into the request body or query. */
function fieldErrors(error: ZodError): FieldError[] {
  // RFC 6901: "" is the whole document, each key adds "/key".
  // An unknown field is pointed at itself, not at the object that holds it.
  return error.issues.flatMap((issue) =>
    (issue.code === 'unrecognized_keys' ? issue.keys.map((key) => [...issue.path, key]) : [issue.path]).map((path) => ({ pointer: pointerOf(path), detail: issue.message })),
  )
}

const pointerOf = (path: readonly PropertyKey[]) => path.map((key) => `/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('')

/** Every failed request validation becomes one 422 problem listing all fields. */
export const validationHook: Hook<unknown, AppEnv, string, void> = (result) => {
  if (!result.success) {
    throw new Problem(422, 'The request has invalid fields.', { errors: fieldErrors(result.error as ZodError) })
  }
}
