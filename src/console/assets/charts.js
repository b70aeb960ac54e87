// workforce console charts: draws every <figure data-chart> with uPlot (embedded, /assets/uplot.min.js).
// The data sits in the element's data-* attributes (the CSP forbids inline script); the table next to it has the same numbers.
;(() => {
  const draw = () => {
    if (typeof uPlot === 'undefined') return
    for (const el of document.querySelectorAll('[data-chart]:not([data-drawn])')) {
      el.setAttribute('data-drawn', '')
      const labels = JSON.parse(el.getAttribute('data-labels') || '[]')
      const values = JSON.parse(el.getAttribute('data-values') || '[]')
      const xs = labels.map((_, i) => i)
      const width = Math.max(260, Math.min(el.clientWidth || 600, 900))
      const bars = uPlot.paths.bars({ size: [0.6, 60] })
      // Several series (data-series: [{label, values, color}]) are drawn as lines with points and a legend (manager productivity).
      const many = JSON.parse(el.getAttribute('data-series') || 'null')
      if (Array.isArray(many)) {
        new uPlot(
          {
            width,
            height: 240,
            scales: { x: { time: false, range: [-0.5, Math.max(0.5, xs.length - 0.5)] }, y: { range: (_u, _min, max) => [0, Math.max(1, max * 1.1)] } },
            axes: [{ values: (_u, ticks) => ticks.map((t) => labels[t] ?? ''), splits: () => xs }, { label: el.getAttribute('data-unit') || '' }],
            series: [{ label: 'Week' }, ...many.map((s) => ({ label: s.label, stroke: s.color, width: 2, points: { show: true, size: 6, fill: s.color } }))],
          },
          [xs, ...many.map((s) => s.values)],
          el.querySelector('[data-chart-canvas]') || el,
        )
        continue
      }
      new uPlot(
        {
          width,
          height: 220,
          legend: { show: false },
          scales: { x: { time: false, range: [-0.5, Math.max(0.5, xs.length - 0.5)] }, y: { range: (_u, _min, max) => [0, Math.max(1, max * 1.1)] } },
          axes: [{ values: (_u, ticks) => ticks.map((t) => labels[t] ?? ''), splits: () => xs }, { label: el.getAttribute('data-unit') || '' }],
          series: [{}, { label: el.getAttribute('data-unit') || '', stroke: '#0b57d0', fill: 'rgba(11,87,208,0.35)', paths: bars, points: { show: false } }],
        },
        [xs, values],
        el.querySelector('[data-chart-canvas]') || el,
      )
    }
  }
  document.addEventListener('DOMContentLoaded', draw)
  document.addEventListener('htmx:load', draw)
  draw()
})()
