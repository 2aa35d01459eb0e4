import { describe, expect, it } from 'vitest'
import { excerpt } from '../../search/excerpt.ts'

const matching = (terms: Record<string, string>) => (term: string) => terms[term]

describe('excerpts', () => {
  it('shows a short section whole, with the matched words marked', () => {
    expect(excerpt('Roll back with the pointer.', 'en', matching({ pointer: 'pointer' }))).toBe('Roll back with the <mark>pointer</mark>.')
  })

  it('opens on a match deep in a long section, cut at word boundaries', () => {
    const text = `${'Filler words about nothing in particular. '.repeat(20)}Here the xylophone finally appears, and then more text follows ${'to pad the section. '.repeat(10)}`
    const html = excerpt(text, 'en', matching({ xylophone: 'xylo' }), 160)
    expect(html).toContain('<mark>xylophone</mark>')
    expect(html.startsWith('…')).toBe(true)
    expect(html.endsWith('…')).toBe(true)
    const visible = html.replace(/<\/?mark>/g, '').replace(/^…|…$/g, '')
    expect(text).toContain(visible)
    expect(visible.length).toBeLessThanOrEqual(160)
    expect(/^\w/.test(visible) && /\w$/.test(visible)).toBe(true)
  })

  it('prefers the window holding the most different query terms', () => {
    const text = `The pointer is mentioned here alone. ${'Unrelated sentence. '.repeat(15)}Later the rollback moves the pointer back. ${'More words. '.repeat(15)}`
    const html = excerpt(text, 'en', matching({ pointer: 'pointer', rollback: 'rollback' }), 80)
    expect(html).toContain('<mark>rollback</mark>')
    expect(html).toContain('<mark>pointer</mark>')
  })

  it('marks every form a term matched: prefixes and typos, in any case', () => {
    const html = excerpt('Installing the Installer: instalation notes.', 'en', matching({ installing: 'instal', installer: 'instal', instalation: 'installation' }))
    expect(html).toBe('<mark>Installing</mark> the <mark>Installer</mark>: <mark>instalation</mark> notes.')
  })

  it('escapes HTML in the text, so an excerpt never carries markup of its own', () => {
    const html = excerpt('Use <script>alert("x")</script> & <b>tags</b> carefully.', 'en', matching({ tags: 'tags' }))
    expect(html).toBe('Use &#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#60;b&#62;<mark>tags</mark>&#60;/b&#62; carefully.')
    expect(html.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/)
  })

  it('marks a Chinese word inside running text', () => {
    expect(excerpt('我们使用数据库来存储文档。', 'zh', matching({ 存储: '存储' }))).toBe('我们使用数据库来<mark>存储</mark>文档。')
  })
})
