// Browser code, served as is (see live.ts): the TOC follows the scroll, the header's menus close
// as menus do, its height is kept for #fragment scrolling, and the fold buttons open the menu and
// the TOC on a phone. Without JavaScript both stay as the server rendered them.
export const PAGE = String.raw`
(function toc() {
  var links = Array.prototype.slice.call(document.querySelectorAll('.toc a[href^="#"]'))
  if (links.length === 0 || !('IntersectionObserver' in window)) return
  var targets = links.map(function (link) {
    return { link: link, heading: document.getElementById(decodeURIComponent(link.hash.slice(1))) }
  }).filter(function (target) { return target.heading })

  // The current section is the last heading above the upper third of the window.
  function mark() {
    var line = window.innerHeight / 3
    var current = targets[0]
    targets.forEach(function (target) {
      if (target.heading.getBoundingClientRect().top < line) current = target
    })
    targets.forEach(function (target) {
      target.link.classList.toggle('active', target === current)
      if (target === current) target.link.setAttribute('aria-current', 'location')
      else target.link.removeAttribute('aria-current')
    })
  }
  // The observer only says when a heading crosses that line; mark() then decides.
  var observer = new IntersectionObserver(mark, { rootMargin: '0px 0px -66% 0px' })
  targets.forEach(function (target) { observer.observe(target.heading) })
  mark()
})();

(function menus() {
  // The version and language switchers are disclosures (render/versions.ts, render/locales.ts); like
  // menus, they close on Escape or a click elsewhere.
  Array.prototype.forEach.call(document.querySelectorAll('header details.menu'), function (menu) {
    document.addEventListener('click', function (event) { if (!menu.contains(event.target)) menu.open = false })
    menu.addEventListener('keydown', function (event) {
      if (event.key !== 'Escape' || !menu.open) return
      menu.open = false
      menu.querySelector('summary').focus()
    })
  })
})();

(function headerHeight() {
  // The sticky header wraps when its items do not fit on one line; headings reached by #fragment and
  // the sticky columns go below its real height (--header-height in style.ts), not the one-line one.
  var header = document.querySelector('header.top')
  if (!header) return
  function measure() {
    document.documentElement.style.setProperty('--header-height', header.getBoundingClientRect().height + 'px')
  }
  measure()
  if ('ResizeObserver' in window) new ResizeObserver(measure).observe(header)
})();

(function folds() {
  // On a phone the menu and the TOC are sent folded by style (style.ts), so opening is all that is left here.
  Array.prototype.forEach.call(document.querySelectorAll('.fold-button'), function (button) {
    button.addEventListener('click', function () {
      button.setAttribute('aria-expanded', String(button.getAttribute('aria-expanded') !== 'true'))
    })
  })
})();
`
