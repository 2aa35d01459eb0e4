import { DisplayChunkSchema } from '../../contract/index.ts'

/** Whether a value an index hands over is a display chunk (a one-shot builder hands those over while it still reads documents). */
export function isDisplayChunk(json: string): boolean {
  return DisplayChunkSchema.safeParse(JSON.parse(json)).success
}
