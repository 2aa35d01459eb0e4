// Browser code, served as is (see live.ts), first in the bundle: the texts the scripts show, in
// the page's language, as the server put them in #preview-text (render/layout.ts), and
// `fill` for their `{name}` slots. The scripts hold no text of their own.
export const TEXT = String.raw`
var TEXT = (function text() {
  var element = document.getElementById('preview-text')
  try {
    return JSON.parse(element ? element.textContent : '{}')
  } catch (error) {
    return {}
  }
})()
TEXT.sections = TEXT.sections || {}

function fill(template, values) {
  return String(template || '').replace(/\{(\w+)\}/g, function (slot, name) { return name in values ? values[name] : slot })
}
`
