import type { BlobList, Manifest } from '../contract/index.ts'
import { publishBuild, type PublishReport } from './publish.ts'
import type { PublishTarget } from './target.ts'

/** A build as the long-lived build hands it over: only the texts of blobs it made in this run. */
export interface SuccessiveBuild {
  manifest: Manifest
  blobList: BlobList
  blobs: Map<string, string>
}

/**
 * Publishes the successive builds of one long-lived process (`npm start`).
 * It remembers which blobs it has published, so a one-page edit uploads that
 * page's few blobs without listing KV, and it keeps the text of every blob
 * not yet published, which a later build may reuse without handing it over
 * again. The first publish lists KV and collects garbage as `npm run publish`
 * does; later ones skip both (KV then keeps the session's older builds until
 * the next start).
 */
export class SuccessivePublisher {
  private readonly target: PublishTarget
  private readonly published = new Set<string>()
  private readonly unpublished = new Map<string, string>()
  private first = true

  constructor(target: PublishTarget) {
    this.target = target
  }

  async publish(build: SuccessiveBuild): Promise<PublishReport> {
    for (const [hash, text] of build.blobs) if (!this.published.has(hash)) this.unpublished.set(hash, text)
    const readBlob = async (hash: string) => {
      const text = this.unpublished.get(hash)
      if (text === undefined) throw new Error(`build ${build.manifest.buildId} reuses blob ${hash}, which this process never had`)
      return text
    }
    const source = { manifest: build.manifest, blobList: build.blobList, readBlob }
    const report = await publishBuild(this.target, source, this.first ? {} : { known: this.published, collectGarbage: false })
    this.first = false
    for (const hash of build.blobList.blobs) {
      this.published.add(hash)
      this.unpublished.delete(hash)
    }
    return report
  }
}
