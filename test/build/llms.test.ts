import { describe, expect, it } from 'vitest'
import { LlmsParts } from '../../build/pipeline/llms-parts.ts'
import { LLMS_FULL_PART_BYTES, MCP_POINTER, llmsFullParts, llmsIndex, type LlmsPage } from '../../build/pipeline/llms.ts'

const page = (title: string, slug: string, description: string | null = null): LlmsPage => ({ title, url: `/v1/documents/${slug}.md`, description })

const bytes = (text: string) => Buffer.byteLength(text, 'utf8')

describe('llmsIndex', () => {
  it('writes the title, the description as a quote and one link list per section', () => {
    const text = llmsIndex({
      title: 'Widget docs',
      description: 'Everything about Widget.',
      sections: [
        { title: null, pages: [page('Home', 'index', 'Start here.')] },
        { title: 'Guides', pages: [page('Install', 'guides/install', 'Get Widget running.'), page('Deploy', 'guides/deploy', 'Ship it.')] },
      ],
    })
    expect(text).toBe(
      [
        '# Widget docs',
        '',
        '> Everything about Widget.',
        '',
        MCP_POINTER,
        '',
        '- [Home](/v1/documents/index.md): Start here.',
        '',
        '## Guides',
        '',
        '- [Install](/v1/documents/guides/install.md): Get Widget running.',
        '- [Deploy](/v1/documents/guides/deploy.md): Ship it.',
        '',
      ].join('\n'),
    )
  })

  it('keeps the order of sections and of the pages in them', () => {
    const text = llmsIndex({
      title: 'Docs',
      description: null,
      sections: [
        { title: 'Zeta', pages: [page('Z2', 'zeta/2'), page('Z1', 'zeta/1')] },
        { title: 'Alpha', pages: [page('A1', 'alpha/1')] },
      ],
    })
    expect(text.match(/^(## .*|- \[\w+\])/gm)).toEqual(['## Zeta', '- [Z2]', '- [Z1]', '## Alpha', '- [A1]'])
  })

  it('lists pages outside any section first, under no heading', () => {
    const text = llmsIndex({
      title: 'Docs',
      description: null,
      sections: [
        { title: 'Guides', pages: [page('Install', 'guides/install')] },
        { title: null, pages: [page('Home', 'index')] },
      ],
    })
    expect(text).toBe(`# Docs\n\n${MCP_POINTER}\n\n- [Home](/v1/documents/index.md)\n\n## Guides\n\n- [Install](/v1/documents/guides/install.md)\n`)
  })

  it('leaves out the quote without a site description and the colon without a page description', () => {
    const text = llmsIndex({ title: 'Docs', description: null, sections: [{ title: 'Guides', pages: [page('Install', 'guides/install')] }] })
    expect(text).toBe(`# Docs\n\n${MCP_POINTER}\n\n## Guides\n\n- [Install](/v1/documents/guides/install.md)\n`)
  })

  it('leaves out sections without pages', () => {
    const text = llmsIndex({
      title: 'Docs',
      description: null,
      sections: [
        { title: 'Empty', pages: [] },
        { title: null, pages: [] },
      ],
    })
    expect(text).toBe(`# Docs\n\n${MCP_POINTER}\n`)
  })

  it('escapes brackets in titles and parentheses in URLs so each link holds', () => {
    const text = llmsIndex({
      title: 'Docs',
      description: 'Two\nlines.',
      sections: [{ title: 'API', pages: [{ title: 'Arrays [] and \\', url: '/v1/documents/f(x).md', description: 'Spans\n  lines.' }] }],
    })
    expect(text).toContain('> Two lines.')
    expect(text).toContain('- [Arrays \\[\\] and \\\\](/v1/documents/f%28x%29.md): Spans lines.')
  })
})

describe('llmsFullParts', () => {
  const pages = ['# One\n\nFirst page.\n', '# Two\n\nSecond page.\n', '# Three\n\nThird page.']

  it('puts a blank line between pages, and the parts joined are the whole file', () => {
    expect(llmsFullParts(pages, LLMS_FULL_PART_BYTES)).toEqual(['# One\n\nFirst page.\n\n# Two\n\nSecond page.\n\n# Three\n\nThird page.\n'])
  })

  it('cuts between pages when the next page does not fit, never making a part larger than the limit', () => {
    const parts = llmsFullParts(pages, 40)
    expect(parts).toEqual(['# One\n\nFirst page.\n\n', '# Two\n\nSecond page.\n\n', '# Three\n\nThird page.\n'])
    for (const part of parts) expect(bytes(part)).toBeLessThanOrEqual(40)
  })

  it('gives a page larger than the limit parts of its own, cut between lines', () => {
    const big = `# Big\n\n${Array.from({ length: 20 }, (_, index) => `Line ${index} of the big page.`).join('\n')}\n`
    const parts = llmsFullParts(['# Small\n', big, '# After\n'], 100)
    expect(parts.join('')).toBe(`# Small\n\n${big}\n# After\n`)
    expect(parts[0]).toBe('# Small\n\n')
    expect(parts.at(-1)).toBe('# After\n')
    for (const part of parts.slice(1, -1)) {
      expect(bytes(part)).toBeLessThanOrEqual(100)
      expect(part.endsWith('\n')).toBe(true)
    }
  })

  it('never cuts a multi-byte character, even in a line longer than the limit', () => {
    const line = 'é€😀'.repeat(50)
    const parts = llmsFullParts([`# Ünïcode\n\n${line}\n`, '# 日本語\n\n本文。\n'], 10)
    expect(parts.join('')).toBe(`# Ünïcode\n\n${line}\n\n# 日本語\n\n本文。\n`)
    for (const part of parts) {
      expect(bytes(part)).toBeLessThanOrEqual(10)
      expect(part).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/)
    }
  })

  it('splits 2,000 generated pages into many parts that join to the whole', () => {
    const generated = Array.from({ length: 2000 }, (_, index) => `# Page ${index}\n\n${'Lorem ipsum dolor sit amet. '.repeat(1 + (index % 7))}\n`)
    const limit = 4 * 1024
    const parts = llmsFullParts(generated, limit)
    const whole = generated.join('\n')
    expect(parts.join('')).toBe(whole)
    expect(parts.length).toBeGreaterThanOrEqual(Math.ceil(bytes(whole) / limit))
    expect(parts.length).toBeGreaterThan(50)
    for (const part of parts) {
      expect(bytes(part)).toBeLessThanOrEqual(limit)
      expect(part).toMatch(/^# Page \d+\n/)
    }
  })

  it('keeps the blank line after the last page of pages that do not end the file, so runs cut apart join to the whole', () => {
    const pages = ['# One\n\nFirst.', '# Two\n\nSecond.\n', '# Three\n', '# Four\n\nFourth.']
    const whole = llmsFullParts(pages, 20).join('')
    expect(llmsFullParts(pages.slice(0, 2), 20, false).join('') + llmsFullParts(pages.slice(2), 20).join('')).toBe(whole)
    expect(llmsFullParts(pages.slice(0, 2), 20, false).join('')).toBe('# One\n\nFirst.\n\n# Two\n\nSecond.\n\n')
  })

  it('gives no parts for no pages', () => {
    expect(llmsFullParts([], 100)).toEqual([])
  })

  it('rejects a limit too small for the longest UTF-8 character', () => {
    expect(() => llmsFullParts(pages, 3)).toThrow(RangeError)
  })
})

describe('LlmsParts, the parts a long-lived build keeps', () => {
  // The JSON as its own hash: equal hashes are then equal parts.
  const blobOf = (text: string) => ({ json: JSON.stringify(text), hash: JSON.stringify(text) })
  const plain = (pages: string[], limit: number) => llmsFullParts(pages, limit).map((text) => JSON.stringify(text))

  it('cuts every edit of a page list exactly as llmsFullParts does, and joins again only the parts whose pages changed', () => {
    let seed = 7
    const random = () => {
      seed = (seed * 48271) % 2147483647
      return seed / 2147483647
    }
    const pageText = (id: number) => `# Page ${id}\n\n${'Ünïcode text, 日本語. '.repeat(1 + Math.floor(random() * 9))}${random() < 0.3 ? '' : '\n'}`
    let pages = Array.from({ length: 120 }, (_, id) => pageText(id))
    const parts = new LlmsParts()
    let joined = 0
    const counting = (text: string) => {
      joined++
      return blobOf(text)
    }
    for (let step = 0; step < 60; step++) {
      const kind = random()
      pages = [...pages]
      const at = Math.floor(random() * pages.length)
      // An edit that keeps the page's length moves no cut: only its own part is joined again.
      if (kind < 0.6) pages[at] = (pages[at] as string).replace(/^# Page \S+/, (heading) => heading.replace(/\d/g, String(step % 10)))
      else if (kind < 0.75) pages.splice(at, 0, pageText(2000 + step))
      else if (kind < 0.9) pages.splice(at, 1)
      else pages.push(pageText(3000 + step))
      joined = 0
      const limit = step % 10 === 9 ? 200 : 1024
      const updated = parts.update(pages, limit, counting)
      expect(updated.map((part) => part.hash)).toEqual(plain(pages, limit))
      // A part kept from the last update comes without its text, which the build does not hold.
      expect(updated.filter((part) => part.json !== undefined)).toHaveLength(joined)
      if (kind < 0.6 && step % 10 !== 9 && step % 10 !== 0) expect(joined).toBeLessThanOrEqual(1)
    }
  })

  it('cuts pages that do not end the file as llmsFullParts does, kept or not', () => {
    const pages = Array.from({ length: 30 }, (_, id) => `# Page ${id}\n\n${'text '.repeat(id % 7)}`)
    const parts = new LlmsParts()
    const plainRun = llmsFullParts(pages, 120, false).map((text) => JSON.stringify(text))
    expect(parts.update(pages, 120, blobOf, false).map((part) => part.hash)).toEqual(plainRun)
    expect(parts.update(pages, 120, blobOf, false).map((part) => part.hash)).toEqual(plainRun)
    expect(parts.update(pages, 120, blobOf).map((part) => part.hash)).toEqual(plain(pages, 120))
  })

  it('takes the plain path for a page larger than a part, and for no pages', () => {
    const big = `# Big\n\n${'line of text\n'.repeat(40)}`
    const parts = new LlmsParts()
    expect(parts.update(['# Small\n', big, '# After\n'], 100, blobOf).map((part) => part.json)).toEqual(plain(['# Small\n', big, '# After\n'], 100))
    expect(parts.update([], 100, blobOf)).toEqual([])
  })
})
