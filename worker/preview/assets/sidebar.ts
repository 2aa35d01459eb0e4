// Browser code, served as is (see live.ts): a large sidebar's cut items are closed <details>
// (render/sidebar.ts); the first time one opens, its children are read from the API, one level
// (?root=…&depth=1), and drawn as the server draws them, their own cut items closed again.
// Without JavaScript a cut item shows only its own page, where the server opens the rest.
export const SIDEBAR = String.raw`
(function sidebarGroups() {
  var nav = document.getElementById('docs-nav')
  if (!nav) return
  var body = document.body

  function badge(className, label, title) {
    var span = document.createElement('span')
    span.className = className
    span.textContent = label
    if (title) span.title = title
    return [document.createTextNode(' '), span]
  }
  function badges(item) {
    var made = []
    if (item.draft) made = made.concat(badge('badge draft', TEXT.draftBadge))
    if (item.fallback && item.slug !== null) made = made.concat(badge('badge', TEXT.untranslated, TEXT.untranslatedHint))
    return made
  }
  function append(parent, nodes) { nodes.forEach(function (node) { parent.appendChild(node) }) }

  function entry(item) {
    if (item.url === null) {
      var group = document.createElement('span')
      group.className = 'group'
      group.textContent = item.title
      return [group]
    }
    var link = document.createElement('a')
    link.textContent = item.title
    if (item.slug === null && /^[a-z][a-z0-9+.-]*:/i.test(item.url)) {
      link.href = item.url
      link.rel = 'noopener'
      return [link]
    }
    // An operation's method, as the server's sidebar shows it (render/operation.ts).
    if (item.method) {
      var method = document.createElement('span')
      method.className = 'method'
      method.setAttribute('data-method', item.method)
      method.textContent = item.method.toUpperCase()
      link.prepend(method, ' ')
    }
    var url = new URL(item.url, location.href)
    link.href = url.pathname + url.search + url.hash
    if (url.pathname === location.pathname) link.setAttribute('aria-current', 'page')
    return [link].concat(badges(item))
  }

  function list(items) {
    var ul = document.createElement('ul')
    items.forEach(function (item) { ul.appendChild(listItem(item)) })
    return ul
  }
  function listItem(item) {
    var li = document.createElement('li')
    if (item.hasChildren && item.root) li.appendChild(cutGroup(item))
    else {
      append(li, entry(item))
      if (item.children.length > 0) li.appendChild(list(item.children))
    }
    return li
  }
  function cutGroup(item) {
    var details = document.createElement('details')
    details.dataset.root = item.root
    var summary = document.createElement('summary')
    summary.textContent = item.title
    append(summary, badges(item))
    var ul = document.createElement('ul')
    if (item.url !== null) {
      var own = document.createElement('li')
      append(own, entry(item))
      ul.appendChild(own)
    }
    details.appendChild(summary)
    details.appendChild(ul)
    return details
  }

  function load(details) {
    var ul = details.querySelector(':scope > ul')
    var query = new URLSearchParams({ root: details.dataset.root, depth: '1', locale: body.dataset.locale })
    if (body.dataset.version) query.set('version', body.dataset.version)
    var headers = { Accept: 'application/json' }
    if (body.dataset.token) headers.Authorization = 'Bearer ' + body.dataset.token
    var failed = ul.querySelector(':scope > li.load-failed')
    if (failed) failed.remove()
    ul.setAttribute('aria-busy', 'true')
    fetch('/v1/navigation?' + query, { headers: headers })
      .then(function (response) { return response.ok ? response.json() : Promise.reject(response.status) })
      .then(function (answer) {
        var item = answer.items[0]
        if (!item) return
        item.children.forEach(function (child) { ul.appendChild(listItem(child)) })
        details.dataset.loaded = ''
      })
      // Said in the group itself; closing and opening it again tries again.
      .catch(function () {
        var failed = document.createElement('li')
        failed.className = 'load-failed'
        var said = document.createElement('span')
        said.setAttribute('role', 'status')
        said.textContent = TEXT.groupUnavailable
        failed.appendChild(said)
        ul.appendChild(failed)
      })
      .then(function () { ul.removeAttribute('aria-busy') })
  }

  // toggle does not bubble: caught on its way down, for the groups drawn here too.
  nav.addEventListener('toggle', function (event) {
    var details = event.target
    if (details.tagName === 'DETAILS' && details.open && details.dataset.root && !('loaded' in details.dataset) && !details.querySelector(':scope > ul[aria-busy]')) load(details)
  }, true)
})();
`
