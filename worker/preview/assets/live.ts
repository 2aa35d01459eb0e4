// Browser code, served as is (kept in a string so that the worker bundle carries it without a
// second build step; hence no template literals inside). Live reload, under npm start only
// (data-live): poll the public /v1/status for a new build id and reload, keeping the scroll
// position; show the build problems npm start reports in the overlay until a build succeeds.
export const LIVE = String.raw`
(function live() {
  if (!('live' in document.body.dataset)) return
  // A saved edit is built in about 0.1 to 0.4 s; polling this often keeps the reload under a second.
  var POLL_MS = 200
  var SCROLL_KEY = 'docs-preview-scroll'
  var here = location.pathname + location.search
  var build = document.body.dataset.build || ''
  var overlay = document.getElementById('build-problems')

  try {
    var saved = JSON.parse(sessionStorage.getItem(SCROLL_KEY) || 'null')
    sessionStorage.removeItem(SCROLL_KEY)
    if (saved && saved.path === here) window.scrollTo(0, saved.y)
    history.scrollRestoration = 'auto'
  } catch (error) {
    // Storage may be disabled; the reload then starts at the top.
  }

  function reload() {
    try {
      sessionStorage.setItem(SCROLL_KEY, JSON.stringify({ path: here, y: window.scrollY }))
      // The saved position wins over the browser's own, which may land before the page is laid out.
      history.scrollRestoration = 'manual'
    } catch (error) {
      // As above.
    }
    location.reload()
  }

  function showProblems(problems) {
    var list = overlay.querySelector('ul')
    list.replaceChildren.apply(list, problems.map(function (problem) {
      var item = document.createElement('li')
      item.textContent = problem
      return item
    }))
    overlay.hidden = problems.length === 0
  }

  function json(response) {
    return response.ok ? response.json() : null
  }

  function tick() {
    // A hidden tab asks nothing, and catches up as soon as it is shown.
    if (document.hidden) return document.addEventListener('visibilitychange', tick, { once: true })
    Promise.all([
      fetch('/v1/status', { cache: 'no-store' }).then(json),
      fetch('/_preview/problems', { cache: 'no-store' }).then(json),
    ]).then(function (answers) {
      var status = answers[0]
      var report = answers[1]
      if (report) showProblems(report.problems)
      if (status && status.buildId !== build) return reload()
      setTimeout(tick, POLL_MS)
    }, function () {
      // The server is restarting; try again a little later.
      setTimeout(tick, POLL_MS * 5)
    })
  }
  tick()
})();
`
