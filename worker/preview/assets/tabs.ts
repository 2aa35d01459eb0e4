// Browser code, served as is (see live.ts). The build renders a tab group as
// `div.tabs > div.tab-panel[data-label] > p.tab-label + content`, which reads
// well without JavaScript: every panel shows under its label. This upgrades
// each group into an ARIA tablist with automatic activation (WAI-ARIA
// Authoring Practices, "Tabs"): the labels become tabs, one panel shows,
// arrows, Home and End move between tabs. Groups with the same labels in the
// same order switch together, as VitePress and Docusaurus group tabs do.
// The stylesheet keeps the tab list's room from the first paint, so the
// upgrade moves nothing below the group.
export const TABS = String.raw`
(function tabs() {
  var groups = []

  function select(group, index, focus) {
    group.tabs.forEach(function (tab, position) {
      var selected = position === index
      tab.setAttribute('aria-selected', selected ? 'true' : 'false')
      tab.tabIndex = selected ? 0 : -1
      group.panels[position].hidden = !selected
    })
    if (focus) group.tabs[index].focus()
  }

  // The other groups with the same labels follow, keeping the selected tab where it is on screen.
  function selectEverywhere(group, index, focus) {
    var before = group.element.getBoundingClientRect().top
    groups.forEach(function (other) {
      if (other === group) select(group, index, focus)
      else if (other.key === group.key) select(other, index, false)
    })
    window.scrollBy(0, group.element.getBoundingClientRect().top - before)
  }

  function upgrade(element, groupIndex) {
    var panels = Array.prototype.filter.call(element.children, function (child) { return child.classList.contains('tab-panel') })
    if (panels.length === 0) return
    var list = document.createElement('div')
    list.className = 'tab-list'
    list.setAttribute('role', 'tablist')
    var group = { element: element, panels: panels, tabs: [], key: '' }
    var labels = panels.map(function (panel, index) {
      var label = panel.querySelector(':scope > .tab-label')
      var text = (label ? label.textContent : panel.getAttribute('data-label')) || fill(TEXT.tab, { number: index + 1 })
      var id = 'tabs-' + groupIndex + '-' + index
      var tab = document.createElement('button')
      tab.type = 'button'
      tab.id = id
      tab.textContent = text.trim()
      tab.setAttribute('role', 'tab')
      if (!panel.id) panel.id = id + '-panel'
      tab.setAttribute('aria-controls', panel.id)
      panel.setAttribute('role', 'tabpanel')
      panel.setAttribute('aria-labelledby', id)
      panel.tabIndex = 0
      if (label) label.hidden = true
      tab.addEventListener('click', function () { selectEverywhere(group, index, true) })
      list.appendChild(tab)
      group.tabs.push(tab)
      return tab.textContent
    })
    group.key = labels.join('\n')
    list.addEventListener('keydown', function (event) {
      var current = group.tabs.indexOf(document.activeElement)
      if (current === -1) return
      var last = group.tabs.length - 1
      var next = { ArrowRight: current === last ? 0 : current + 1, ArrowLeft: current === 0 ? last : current - 1, Home: 0, End: last }[event.key]
      if (next === undefined) return
      event.preventDefault()
      selectEverywhere(group, next, true)
    })
    element.insertBefore(list, element.firstChild)
    select(group, 0, false)
    element.setAttribute('data-ready', '')
    groups.push(group)
  }

  Array.prototype.forEach.call(document.querySelectorAll('div.tabs'), upgrade)

  // A link to something inside a hidden panel shows that panel.
  function reveal() {
    var target = null
    try {
      target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)))
    } catch (error) {
      return
    }
    groups.forEach(function (group) {
      group.panels.forEach(function (panel, index) {
        if (target && panel !== target && panel.contains(target)) select(group, index, false)
      })
    })
  }
  reveal()
  window.addEventListener('hashchange', reveal)
})();
`
