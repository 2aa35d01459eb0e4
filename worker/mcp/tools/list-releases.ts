import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import type { ReleasesResponse } from '../../../contract/index.ts'
import type { Reader } from '../../read-model/index.ts'
import { absoluteMarkdownUrl, type ToolContext } from '../context.ts'
import { unknownFields } from '../../http/strict-fields.ts'
import { fromNotAfterTo, isoDateField, rangeField, streamField } from '../../http/request-fields.ts'
import { READ_ONLY, guarded, toolError, toolText } from '../results.ts'

const listReleasesInput = {
  stream: streamField.optional().describe('Only this release stream, e.g. "stable". Default: every stream.'),
  version: rangeField.optional().describe('Only versions in this semver range, e.g. ">=2.0.0" or "^1.4".'),
  from: isoDateField('from').optional().describe('Only releases on or after this date (YYYY-MM-DD).'),
  to: isoDateField('to').optional().describe('Only releases on or before this date (YYYY-MM-DD).'),
}

type ListReleasesArgs = z.infer<z.ZodObject<typeof listReleasesInput>>

export function registerListReleases(server: McpServer, context: ToolContext): void {
  server.registerTool(
    'list_releases',
    {
      title: 'Read the release notes',
      description:
        'Returns release notes, newest version first within each stream: version, date, whether it breaks compatibility, the notes, upgrade steps and related pages. Use it for what changed in a version, breaking changes, or how to upgrade between versions.',
      inputSchema: z.strictObject(listReleasesInput, { error: unknownFields(Object.keys(listReleasesInput)) }),
      annotations: READ_ONLY,
    },
    guarded('list_releases', async (args: ListReleasesArgs) => {
      const reader = await context.reader()
      const view = reader.releases({ streams: args.stream === undefined ? [] : [args.stream], range: args.version, from: args.from, to: args.to })
      const known = view.known.join(', ') || 'none'
      if (view.unknown.length > 0) {
        return toolError(`There is no release stream "${args.stream}". Streams: ${known}. Leave stream out to list them all.`)
      }
      if (!fromNotAfterTo.check(args)) return toolError(fromNotAfterTo.message(args))
      const { streams } = await view.load()
      const found = streams.filter((stream) => stream.releases.length > 0)
      if (found.length === 0) return toolText(`No release matches these filters. Streams: ${known}. Call list_releases without filters to see every release.`)
      const heading = `Release notes of ${reader.site.title}, newest version first in each stream. Notes are HTML, as the docs render them.`
      return toolText([heading, ...found.map((stream) => describeStream(context, reader, stream))].join('\n\n'))
    }),
  )
}

type Stream = ReleasesResponse['streams'][number]

function describeStream(context: ToolContext, reader: Reader, stream: Stream): string {
  const releases = stream.releases.map((release) => {
    const related = release.related.map((page) => `- ${page.title} \`${page.slug}\` ${absoluteMarkdownUrl(context, reader, reader.site.defaultLocale, page.slug)}`)
    return [
      // The build names an untitled release "<stream> <version>", which the heading says already.
      `### ${release.version}${release.title === `${stream.name} ${release.version}` ? '' : `: ${release.title}`}`,
      `Date: ${release.date}${release.breaking ? '. Breaking: yes' : ''}`,
      `Notes: ${release.html.trim()}`,
      release.upgrade ? `Upgrade notes: ${release.upgrade.html.trim()}` : null,
      related.length > 0 ? `Related pages:\n${related.join('\n')}` : null,
    ]
      .filter((line) => line !== null)
      .join('\n')
  })
  return [`## Stream ${stream.name}`, ...releases].join('\n\n')
}
