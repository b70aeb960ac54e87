import htmxFile from 'htmx.org/dist/htmx.min.js' with { type: 'file' }
import cssFile from './assets/console.css' with { type: 'file' }
import jsFile from './assets/console.js' with { type: 'file' }
import iconFile from './assets/icon.svg' with { type: 'file' }
import swFile from './assets/sw.js' with { type: 'file' }
// console-people: uPlot for the team-hours chart, and the script that draws charts from data-* attributes.
import uplotCss from 'uplot/dist/uPlot.min.css' with { type: 'file' }
import uplotJs from 'uplot/dist/uPlot.iife.min.js' with { type: 'file' }
import chartsFile from './assets/charts.js' with { type: 'file' }

/**
 * Every file the console serves, embedded in the binary: `with { type: 'file' }` makes
 * `bun build --compile` carry the file inside the executable (and gives its path in a source run).
 * Nothing is fetched from a CDN; the console works on a box without internet.
 */
interface Asset {
  path: string
  file: string
  type: string
  /** Cached by the browser for a day (the console's own paths carry no hash). */
  cache: string
}

const DAY_CACHE = 'public, max-age=86400'
export const ASSETS: Asset[] = [
  { path: '/assets/htmx.min.js', file: htmxFile, type: 'text/javascript; charset=utf-8', cache: DAY_CACHE },
  { path: '/assets/console.css', file: cssFile, type: 'text/css; charset=utf-8', cache: DAY_CACHE },
  { path: '/assets/console.js', file: jsFile, type: 'text/javascript; charset=utf-8', cache: DAY_CACHE },
  { path: '/assets/icon.svg', file: iconFile, type: 'image/svg+xml', cache: DAY_CACHE },
  { path: '/assets/uplot.min.js', file: uplotJs, type: 'text/javascript; charset=utf-8', cache: DAY_CACHE },
  { path: '/assets/uplot.min.css', file: uplotCss, type: 'text/css; charset=utf-8', cache: DAY_CACHE },
  { path: '/assets/charts.js', file: chartsFile, type: 'text/javascript; charset=utf-8', cache: DAY_CACHE },
  // The service worker's scope is its path's folder: it is served from the root to control every page.
  { path: '/sw.js', file: swFile, type: 'text/javascript; charset=utf-8', cache: 'no-cache' },
]

/** The PWA manifest: installable, opens on Today, standalone. */
export const MANIFEST = {
  name: 'Workforce',
  short_name: 'Workforce',
  description: 'Clock in and out, timesheets and your team, from the workforce server of your company.',
  start_url: '/today',
  scope: '/',
  display: 'standalone',
  background_color: '#ffffff',
  theme_color: '#0b57d0',
  icons: [
    { src: '/assets/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    { src: '/assets/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'maskable' },
  ],
}

export const assetResponse = async (a: Asset): Promise<Response> =>
  new Response(await Bun.file(a.file).arrayBuffer(), { headers: { 'content-type': a.type, 'cache-control': a.cache, 'x-content-type-options': 'nosniff' } })
