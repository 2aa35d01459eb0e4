import { Problem } from './problem.ts'

/**
 * Reads a request body up to `maxBytes`, counting what actually arrives: a
 * chunked body has no length, and a `Content-Length` may lie.
 */
export async function readLimited(request: Request, maxBytes: number): Promise<Uint8Array> {
  const tooLarge = () => new Problem(413, `The request body is larger than ${maxBytes} bytes.`)
  if (Number(request.headers.get('Content-Length') ?? 0) > maxBytes) throw tooLarge()
  if (!request.body) return new Uint8Array(0)
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    size += chunk.value.byteLength
    if (size > maxBytes) {
      await reader.cancel()
      throw tooLarge()
    }
    chunks.push(chunk.value)
  }
  const body = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    body.set(chunk, offset)
    offset += chunk.byteLength
  }
  return body
}
