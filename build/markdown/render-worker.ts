import { parentPort, workerData } from 'node:worker_threads'
import { renderDocument, type LinkTargets, type RenderInput } from './render.ts'

// One render thread: link targets arrive once, then batches of documents.
const targets = (workerData as { targets: LinkTargets }).targets

parentPort?.on('message', (batch: Array<{ index: number; input: RenderInput }>) => {
  parentPort?.postMessage(batch.map(({ index, input }) => ({ index, output: renderDocument(input, targets) })))
})
