import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

/** A full garbage collection, for tests that measure what a stage still holds (V8's gc, exposed at run time). */
export function exposedGc(): () => void {
  setFlagsFromString('--expose-gc')
  const gc: unknown = runInNewContext('gc')
  if (typeof gc !== 'function') throw new Error('no gc to call')
  return gc as () => void
}
