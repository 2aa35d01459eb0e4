import semver from 'semver'
import { isVisible, type ReleasesBlob, type ReleasesResponse } from '../../contract/index.ts'
import type { Lazy, ReadContext } from './context.ts'

export interface ReleaseFilter {
  /** Streams to keep; none keeps every stream. */
  streams: string[]
  /** A semver range the versions must satisfy. */
  range: string | undefined
  /** ISO dates, inclusive. */
  from: string | undefined
  to: string | undefined
}

export interface ReleasesView extends Lazy<ReleasesResponse> {
  /** Every stream the build has. */
  known: string[]
  /** Streams asked for that the build does not have: the request is invalid. */
  unknown: string[]
}

/** The releases a filter keeps; `related` drafts only for a caller with the scope. */
export function releasesOf(reader: ReadContext, filter: ReleaseFilter): ReleasesView {
  const { manifest, store, canReadDrafts } = reader
  const known = manifest.releaseStreams
  return {
    known,
    unknown: filter.streams.filter((stream) => !known.includes(stream)),
    // The drafts view may list more related documents, so it is another representation.
    hash: canReadDrafts ? `${manifest.releases}.drafts` : manifest.releases,
    private: canReadDrafts,
    load: async () => filterReleases(await store.releases(manifest), filter, canReadDrafts),
  }
}

function filterReleases(blob: ReleasesBlob, filter: ReleaseFilter, canReadDrafts: boolean): ReleasesResponse {
  const streams = blob.streams.filter((stream) => filter.streams.length === 0 || filter.streams.includes(stream.name))
  return {
    streams: streams.map((stream) => ({
      name: stream.name,
      releases: stream.releases
        .filter((release) => filter.range === undefined || semver.satisfies(release.version, filter.range))
        .filter((release) => (filter.from === undefined || release.date >= filter.from) && (filter.to === undefined || release.date <= filter.to))
        .map((release) => ({
          ...release,
          related: release.related.filter((related) => isVisible(related.draft, canReadDrafts)).map(({ slug, title, url }) => ({ slug, title, url })),
        })),
    })),
  }
}
