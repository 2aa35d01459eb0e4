/**
 * Runs tasks that synchronous code hands over one at a time (the pipeline
 * making blobs), at most `limit` at once, and tells when all have settled.
 * A task handles its own failure: the queue only counts.
 */
export class TaskQueue {
  private readonly limit: number
  private readonly waiting: Array<() => Promise<void>> = []
  private running = 0
  private readonly idleWaiters: Array<() => void> = []

  constructor(limit: number) {
    this.limit = limit
  }

  add(task: () => Promise<void>): void {
    this.waiting.push(task)
    this.pump()
  }

  /** Drops the tasks not started yet. */
  clear(): void {
    this.waiting.length = 0
  }

  /** Resolves once no task is waiting or running. */
  async idle(): Promise<void> {
    if (this.running > 0 || this.waiting.length > 0) await new Promise<void>((resolve) => this.idleWaiters.push(resolve))
  }

  private pump(): void {
    while (this.running < this.limit && this.waiting.length > 0) {
      const task = this.waiting.shift() as () => Promise<void>
      this.running++
      void task()
        .catch(() => undefined)
        .finally(() => {
          this.running--
          this.pump()
          if (this.running === 0 && this.waiting.length === 0) for (const resolve of this.idleWaiters.splice(0)) resolve()
        })
    }
  }
}
