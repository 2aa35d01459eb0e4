import type { ApiExample, ApiMediaType } from '../../contract/index.ts'
import { isObject } from './dereference.ts'
import { exampleOf, type ExampleDirection } from './examples.ts'

/** A request body's or response's media types, each with its schema and an example (given, or made from the schema). */
export function mediaTypesOf(content: unknown, direction: ExampleDirection): ApiMediaType[] {
  if (!isObject(content)) return []
  return Object.entries(content).map(([mediaType, media]) => ({
    mediaType,
    schema: isObject(media) && isObject(media.schema) ? media.schema : null,
    example: exampleOf(media, direction),
  }))
}

/** A parameter's example: what a reader would send. */
export function parameterExample(parameter: Record<string, unknown>): ApiExample | null {
  return exampleOf(parameter, 'request')
}
