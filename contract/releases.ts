import { z } from 'zod'
import { SCHEMA_VERSION } from './version.ts'

export const ReleaseEntrySchema = z.strictObject({
  version: z.string(),
  date: z.iso.date(),
  title: z.string(),
  html: z.string(),
  upgrade: z.strictObject({ html: z.string() }).nullable(),
  breaking: z.boolean(),
  /** `draft` is stored so the worker can drop draft targets for readers without the scope. */
  related: z.array(z.strictObject({ slug: z.string(), title: z.string(), url: z.string(), draft: z.boolean() })),
  /** The docs version covering this release: the first whose name, read as a semver range (`2.x`), contains it; else null. */
  docsVersion: z.string().nullable(),
})
export type ReleaseEntry = z.infer<typeof ReleaseEntrySchema>

/** Every release of the site; the worker filters it per request. */
export const ReleasesBlobSchema = z.strictObject({
  schemaVersion: z.literal(SCHEMA_VERSION),
  streams: z.array(z.strictObject({ name: z.string(), releases: z.array(ReleaseEntrySchema) })),
})
export type ReleasesBlob = z.infer<typeof ReleasesBlobSchema>
