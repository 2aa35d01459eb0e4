// Browser code, served as is (see live.ts): search as you type against the public
// POST /v1/search, in an ARIA combobox. Up and Down move, Enter opens, Escape closes,
// "/" or Ctrl-K focuses. Without JavaScript the form submits to the /search page.
export const SEARCH = String.raw`
(function search() {
  var DEBOUNCE_MS = 150
  var input = document.getElementById('search-input')
  var panel = document.getElementById('search-panel')
  var list = document.getElementById('search-results')
  var facets = document.getElementById('search-facets')
  var status = document.getElementById('search-status')
  if (!input || !panel) return
  var token = document.body.dataset.token
  var locale = document.body.dataset.locale
  // On a site with named versions: search the version being read, whose pages the results then link.
  var version = document.body.dataset.version
  var timer = 0
  var asked = 0
  var section = null
  var hits = []
  var active = -1

  function open(isOpen) {
    panel.hidden = !isOpen
    input.setAttribute('aria-expanded', String(isOpen))
    if (!isOpen) select(-1)
  }

  function select(index) {
    active = index
    Array.prototype.forEach.call(list.children, function (item, i) {
      item.setAttribute('aria-selected', String(i === index))
      if (i === index) item.scrollIntoView({ block: 'nearest' })
    })
    if (index >= 0) input.setAttribute('aria-activedescendant', 'search-option-' + index)
    else input.removeAttribute('aria-activedescendant')
  }

  function run() {
    var query = input.value.trim()
    if (query === '') return open(false)
    var mine = ++asked
    var body = { query: query, locale: locale, limit: 20 }
    if (version) body.version = version
    // APIs without filters ignore them; results are also filtered here below.
    if (section) body.filters = { sections: [section] }
    var headers = { 'Content-Type': 'application/json' }
    if (token) headers.Authorization = 'Bearer ' + token
    fetch('/v1/search', { method: 'POST', headers: headers, body: JSON.stringify(body) })
      .then(function (response) { return response.ok ? response.json() : Promise.reject(response.status) })
      .then(function (answer) { if (mine === asked) show(answer) })
      .catch(function () { if (mine === asked) { status.textContent = TEXT.searchUnavailable; open(true) } })
  }

  function show(answer) {
    var counts = answer.facets ? answer.facets.sections : {}
    if (!answer.facets) answer.results.forEach(function (hit) { counts[hit.section] = (counts[hit.section] || 0) + 1 })
    hits = answer.results.filter(function (hit) { return !section || hit.section === section })
    showFacets(counts)
    list.replaceChildren.apply(list, hits.map(option))
    status.textContent = hits.length === 0 ? TEXT.noResults : fill(TEXT.resultCount, { count: hits.length })
    select(-1)
    open(true)
  }

  function option(hit, index) {
    var item = document.createElement('li')
    item.id = 'search-option-' + index
    item.setAttribute('role', 'option')
    var title = document.createElement('span')
    title.className = 'hit-title'
    title.textContent = hit.title + (hit.heading ? ' \u203a ' + hit.heading.text : '')
    // An operation of an API reference shows its method, as the sidebar does.
    if (hit.operation) {
      var method = document.createElement('span')
      method.className = 'method'
      method.dataset.method = hit.operation.method.toLowerCase()
      method.textContent = hit.operation.method
      title.prepend(method, ' ')
    }
    var excerpt = document.createElement('span')
    excerpt.className = 'excerpt'
    // The API escapes the text and adds only <mark>.
    excerpt.innerHTML = hit.excerpt
    // An option holds no link: a link inside it would be a second control in one (axe: nested-interactive).
    item.append(title, excerpt)
    return item
  }

  function showFacets(counts) {
    var names = Object.keys(counts)
    facets.replaceChildren.apply(facets, names.length < 2 && !section ? [] : [facet(null, TEXT.allSections)].concat(names.map(function (name) {
      return facet(name, (TEXT.sections[name] || name) + ' (' + counts[name] + ')')
    })))
  }

  function facet(name, label) {
    var button = document.createElement('button')
    button.type = 'button'
    button.textContent = label
    button.setAttribute('aria-pressed', String(section === name))
    button.addEventListener('click', function () { section = name; run(); input.focus() })
    return button
  }

  input.addEventListener('input', function () {
    clearTimeout(timer)
    timer = setTimeout(run, DEBOUNCE_MS)
  })
  input.addEventListener('keydown', function (event) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (panel.hidden || hits.length === 0) return
      event.preventDefault()
      var step = event.key === 'ArrowDown' ? 1 : -1
      select((active + step + hits.length) % hits.length)
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault()
      openHit(hits[active], event)
    } else if (event.key === 'Escape') {
      open(false)
    }
  })
  list.addEventListener('click', function (event) {
    var item = event.target.closest('[role="option"]')
    if (item) openHit(hits[Array.prototype.indexOf.call(list.children, item)], event)
  })

  // As a link would: with Ctrl or Cmd, in a new tab.
  function openHit(hit, event) {
    if (event.ctrlKey || event.metaKey) window.open(hit.url)
    else location.href = hit.url
  }

  document.addEventListener('keydown', function (event) {
    var typing = /^(INPUT|TEXTAREA|SELECT)$/.test(event.target.tagName) || event.target.isContentEditable
    if ((event.key === '/' && !typing) || (event.key === 'k' && (event.ctrlKey || event.metaKey))) {
      event.preventDefault()
      input.focus()
      input.select()
    }
  })
  document.addEventListener('click', function (event) {
    if (!panel.contains(event.target) && event.target !== input) open(false)
  })
})();
`
