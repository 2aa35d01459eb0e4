// Browser code, served as is (kept in a string so that the worker bundle carries it without a
// second build step; hence no template literals inside). Live reload, under npm start only
// (data-live): npm start says when a build ends on one stream that stays open
// (/_preview/events); the page then asks the public /v1/status whether the live build is new
// and reloads, keeping the scroll position, and shows a failed build's problems in the overlay.
export const LIVE = String.raw`
(function live() {
  if (!('live' in document.body.dataset)) return
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

  var worker = null

  function afterBuild(report) {
    showProblems(Array.isArray(report.problems) ? report.problems : [])
    fetch('/v1/status', { cache: 'no-store' })
      .then(function (response) {
        return response.ok ? response.json() : null
      })
      .then(function (status) {
        if (status && status.buildId !== build) reload()
      }, function () {
        // The server went away; the stream comes back with it, and asks again.
      })
  }

  function connect() {
    // This very file, run again as a Web Worker (see BUILD_EVENTS): already in the cache.
    worker = new Worker(import.meta.url, { type: 'module' })
    worker.onmessage = function (message) {
      afterBuild(message.data)
    }
  }

  // A hidden tab holds no stream (a browser opens six connections at most to one server),
  // and catches up as soon as it is shown: the stream starts with the current problems.
  document.addEventListener('visibilitychange', function () {
    if (document.hidden && worker) {
      worker.terminate()
      worker = null
    } else if (!document.hidden && !worker) {
      connect()
    }
  })
  if (!document.hidden) connect()
})();
`

// The stream is opened by app.js run as a dedicated Web Worker (index.ts puts this first, for when
// there is no document), so that it is not the page's own request: tools that wait for a page's
// network to go idle reach it between builds. Measured in Chromium: an EventSource in the page
// keeps Chromium's own networkIdle (Puppeteer's networkidle0) from firing, one in a worker does
// not; Playwright's networkidle ignores both. Each event goes to the page as it came.
export const BUILD_EVENTS = String.raw`
(function buildEvents() {
  // After a dropped stream (npm start restarting, the worker gone): 1 s, then twice as long each time, up to 10 s.
  var FIRST_RETRY_MS = 1000
  var LAST_RETRY_MS = 10000
  var retryMs = FIRST_RETRY_MS
  function listen() {
    var events = new EventSource(new URL('/_preview/events', self.location.href))
    events.onmessage = function (event) {
      retryMs = FIRST_RETRY_MS
      self.postMessage(JSON.parse(event.data))
    }
    // EventSource would retry at its own pace, and not at all after an error status; the pace is set here.
    events.onerror = function () {
      events.close()
      setTimeout(listen, retryMs)
      retryMs = Math.min(retryMs * 2, LAST_RETRY_MS)
    }
  }
  listen()
})();
`
