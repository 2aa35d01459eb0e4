import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import app from '../../worker/index.ts'
import { publishFixture } from './helpers.ts'

beforeAll(publishFixture)

const preview = (path: string) => app.request(`https://docs.example${path}`, {}, { ...env, PREVIEW: 'true' })

describe('the preview stylesheet', () => {
  it('colours every token class of highlighted code, in light and in dark', async () => {
    const html = await (await preview('/docs/')).text()
    const href = /<link rel="stylesheet" href="([^"]+)"/.exec(html)?.[1]
    expect(href).toBeDefined()
    const css = await (await preview(href as string)).text()
    const [light, dark] = css.split('@media (prefers-color-scheme: dark)').slice(-2)
    for (const kind of ['keyword', 'string', 'comment', 'constant', 'function']) {
      expect(css).toContain(`.shiki .token-${kind} { color: var(--shiki-token-${kind}); }`)
      expect(light).toMatch(new RegExp(`--shiki-token-${kind}: #`))
      expect(dark).toMatch(new RegExp(`--shiki-token-${kind}: #`))
    }
  })
})
