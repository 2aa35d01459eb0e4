import { afterAll, describe, expect, it } from 'vitest'
import type { ReleasesBlob } from '../../contract/index.ts'
import { blob, buildFolder, doc, documentOf, problemsOf, removeTempDirs, SITE_EN } from '../shared/build-helpers.ts'

afterAll(removeTempDirs)

const release = (date: string) => ({
  'site.yml': SITE_EN,
  'docs/en/index.md': '# Home\n',
  'releases/stable/1.0.0.md': doc(`version: 1.0.0\ndate: ${date}`, 'Notes.\n'),
})

const page = (lastUpdated: string) => ({
  'site.yml': SITE_EN,
  'docs/en/index.md': doc(`title: Home\nlastUpdated: ${lastUpdated}`, 'Body.\n'),
})

describe('release dates', () => {
  it('refuses a date that is not on the calendar, at the line of date', async () => {
    expect(await problemsOf(release('2026-02-30'))).toEqual([
      { path: 'releases/stable/1.0.0.md', line: 3, message: 'front matter "date": "2026-02-30" is not an ISO date such as 2026-01-31' },
    ])
  })

  it('accepts the 29th of February in a leap year, written with or without quotes', async () => {
    for (const date of ['2024-02-29', '"2024-02-29"']) {
      const { result } = await buildFolder(release(date))
      expect(blob<ReleasesBlob>(result, result.manifest.releases).streams[0]?.releases[0]?.date).toBe('2024-02-29')
    }
  })

  it('refuses a date-time where a release wants a date', async () => {
    expect(await problemsOf(release('2026-01-31T10:00:00Z'))).toEqual([
      { path: 'releases/stable/1.0.0.md', line: 3, message: expect.stringMatching(/"2026-01-31T10:00:00Z" is not an ISO date/) },
    ])
  })
})

describe('lastUpdated', () => {
  it('accepts a date-time in UTC', async () => {
    const { result } = await buildFolder(page('2026-01-31T10:00:00Z'))
    expect(documentOf(result, 'index').edit.lastModified).toBe('2026-01-31T10:00:00.000Z')
  })

  it('accepts a date-time with an offset, and publishes it in UTC', async () => {
    const { result } = await buildFolder(page('2026-01-31T10:00:00+02:00'))
    expect(documentOf(result, 'index').edit.lastModified).toBe('2026-01-31T08:00:00.000Z')
  })

  it('refuses a date-time without an offset, whose instant would depend on the machine that builds', async () => {
    expect(await problemsOf(page('2026-01-31T10:00:00'))).toEqual([
      { path: 'docs/en/index.md', line: 3, message: expect.stringMatching(/"2026-01-31T10:00:00" is not an ISO date .* or a date-time with an offset/) },
    ])
  })

  it('refuses a date that is not on the calendar, at the line of lastUpdated', async () => {
    expect(await problemsOf(page('2026-02-30'))).toEqual([
      { path: 'docs/en/index.md', line: 3, message: expect.stringMatching(/^front matter "lastUpdated": "2026-02-30" is not an ISO date such as 2026-01-31/) },
    ])
  })
})

describe('lastUpdated: true, as Starlight writes it', () => {
  it('builds, and takes the date from git or the file as without the field', async () => {
    const { result } = await buildFolder(page('true'))
    expect(documentOf(result, 'index').edit.lastModified).toMatch(/^\d{4}-\d{2}-\d{2}T/)
  })
})
