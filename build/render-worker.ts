import { parentPort, workerData } from 'node:worker_threads'
import type { RenderJob, RenderResult } from './render-pool.ts'
import { renderDocument, type LinkTargets } from './markdown/render.ts'

// One render thread: link targets arrive once, then batches of documents.
const targets = (workerData as { targets: LinkTargets }).targets

parentPort?.on('message', (batch: RenderJob[]) => {
  parentPort?.postMessage(batch.map(({ key, input }): RenderResult => ({ key, output: renderDocument(input, targets) })))
})
