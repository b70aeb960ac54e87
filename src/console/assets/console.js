// workforce console: the little script the pages need beyond htmx (no inline script: the CSP forbids it).
;(() => {
  const csrf = () => document.querySelector('meta[name="csrf-token"]')?.getAttribute('content') ?? ''
  // Every htmx request carries the session's CSRF token in a header (forms carry it in a field too).
  document.addEventListener('htmx:configRequest', (e) => {
    e.detail.headers['X-CSRF-Token'] = csrf()
  })
  // A form marked data-geo asks the browser for its position before it is sent; a refusal is sent as the reason.
  document.addEventListener(
    'submit',
    (e) => {
      const form = e.target
      if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-geo') || form.dataset.geoDone === '1') return
      e.preventDefault()
      e.stopImmediatePropagation()
      const set = (name, value) => {
        const input = form.querySelector(`input[name="${name}"]`)
        if (input) input.value = value
      }
      const send = () => {
        form.dataset.geoDone = '1'
        form.requestSubmit()
        form.dataset.geoDone = ''
      }
      const status = document.querySelector('[data-geo-status]')
      if (status) status.textContent = 'Getting your location…'
      if (!('geolocation' in navigator)) {
        set('geo_error', 'This browser cannot tell its location.')
        return send()
      }
      navigator.geolocation.getCurrentPosition(
        (pos) => {
          set('latitude', String(pos.coords.latitude))
          set('longitude', String(pos.coords.longitude))
          set('geo_error', '')
          send()
        },
        (err) => {
          set('latitude', '')
          set('longitude', '')
          set('geo_error', err.code === 1 ? 'You did not allow this site to use your location.' : 'Your location could not be determined.')
          send()
        },
        { enableHighAccuracy: true, timeout: 15000, maximumAge: 60000 },
      )
    },
    true,
  )
  // Moves focus to the first alert a swap brought, so screen readers announce the outcome.
  document.addEventListener('htmx:afterSettle', () => {
    const alert = document.querySelector('main [role="alert"], main [role="status"]')
    if (alert instanceof HTMLElement) {
      alert.tabIndex = -1
      alert.focus()
    }
  })
  if ('serviceWorker' in navigator && window.isSecureContext) navigator.serviceWorker.register('/sw.js').catch(() => undefined)
})()
