import semver from 'semver'
import type { ReleasesBlob } from '../../contract/index.ts'

export interface ReleaseFilter {
  streams: string[]
  range: string | undefined
  from: string | undefined
  to: string | undefined
  canReadDrafts: boolean
}

/** Keeps the asked-for streams and releases; `related` drafts only with the scope. */
export function filterReleases(blob: ReleasesBlob, filter: ReleaseFilter) {
  const streams = blob.streams.filter((stream) => filter.streams.length === 0 || filter.streams.includes(stream.name))
  return {
    streams: streams.map((stream) => ({
      name: stream.name,
      releases: stream.releases
        .filter((release) => filter.range === undefined || semver.satisfies(release.version, filter.range))
        .filter((release) => (filter.from === undefined || release.date >= filter.from) && (filter.to === undefined || release.date <= filter.to))
        .map((release) => ({
          ...release,
          related: release.related
            .filter((related) => filter.canReadDrafts || !related.draft)
            .map(({ slug, title, url }) => ({ slug, title, url })),
        })),
    })),
  }
}
