// Browser code, served as is (see live.ts): the TOC follows the scroll, and the fold buttons
// open the menu and the TOC on a phone. Without JavaScript both stay as the server rendered them.
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

(function versionMenu() {
  // The switcher is a disclosure (render/versions.ts); like a menu, it closes on Escape or a click elsewhere.
  var menu = document.querySelector('.versions details')
  if (!menu) return
  document.addEventListener('click', function (event) { if (!menu.contains(event.target)) menu.open = false })
  menu.addEventListener('keydown', function (event) {
    if (event.key !== 'Escape' || !menu.open) return
    menu.open = false
    menu.querySelector('summary').focus()
  })
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
