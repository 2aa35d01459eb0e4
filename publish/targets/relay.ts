import type { PublishTarget } from '../target.ts'

/** A target that writes to one store until `handOver` names the next one (npm start: KV's files, then the serving worker's binding). */
export interface RelayTarget extends PublishTarget {
  handOver(next: PublishTarget): void
}

export function relayTarget(first: PublishTarget): RelayTarget {
  let current = first
  return {
    get: (key) => current.get(key),
    list: (prefix) => current.list(prefix),
    putMany: (entries) => current.putMany(entries),
    get putManyNow() {
      return current.putManyNow
    },
    deleteMany: (keys) => current.deleteMany(keys),
    handOver: (next) => {
      current = next
    },
  }
}
