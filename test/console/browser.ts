import { expect } from 'bun:test'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'

/**
 * Real Chromium for the console tests: Debian's `chromium` (installed by .ci/run with apt-get when
 * missing), driven by playwright-core. No browser download.
 */
export const CHROMIUM = process.env.WORKFORCE_CHROMIUM ?? '/usr/bin/chromium'
const ROOT = join(import.meta.dir, '../..')
export const SCREENSHOTS = join(ROOT, 'test-output/console')
const AXE = join(ROOT, 'node_modules/axe-core/axe.min.js')

export const DESKTOP = { width: 1366, height: 900 }
export const PHONE = { width: 390, height: 844 }

export const launch = (): Promise<Browser> => chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-dev-shm-usage'] })

export interface Tab {
  context: BrowserContext
  page: Page
  /** Console errors and page errors seen so far (every page must log none). */
  errors: string[]
}

/**
 * A fresh browser profile (own cookies). `bypassCSP` only so that axe-core can be injected: the
 * console's own CSP forbids inline scripts, and the pages themselves never need it.
 */
export async function openTab(browser: Browser, baseURL: string, opts: { geolocation?: { latitude: number; longitude: number } } = {}): Promise<Tab> {
  const context = await browser.newContext({
    baseURL,
    viewport: DESKTOP,
    bypassCSP: true,
    ...(opts.geolocation ? { geolocation: opts.geolocation, permissions: ['geolocation'] } : {}),
  })
  const page = await context.newPage()
  const errors: string[] = []
  // Chromium logs every sub-resource that failed to load (script, style sheet, image, icon, fetch)
  // as a console error, "Failed to load resource: … status of 404", with its URL as the location.
  // No 'response' listener: it subscribes to Playwright's request events, and one for a request the
  // client had already disposed during page.reload() threw "Object with guid request@… was not
  // bound in the connection" inside playwright-core's dispatch (once in a CI run, 2026-12-07).
  page.on('console', (m) => {
    if (m.type() !== 'error') return
    const url = m.location().url
    errors.push(url && m.text().startsWith('Failed to load resource') ? `${m.text()} ${url}` : m.text())
  })
  page.on('pageerror', (e) => errors.push(String(e)))
  return { context, page, errors }
}

/**
 * The checks every console page passes: axe-core finds no serious or critical violation, nothing
 * was logged as an error, and screenshots at 1366×900 and 390×844 are written under test-output/.
 */
export async function checkPage(tab: Tab, name: string, opts: { documentStatus?: number } = {}): Promise<void> {
  const { page } = tab
  await page.addScriptTag({ path: AXE })
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size)
    // Evaluated in the page (a string: this file is type-checked without the DOM library).
    const result = (await page.evaluate(`axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => ({
      id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) })))`)) as {
      id: string
      impact: string
      help: string
      nodes: string[]
    }[]
    const bad = result.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    expect({ page: name, size, violations: bad }).toEqual({ page: name, size, violations: [] })
    // Nothing wider than the screen on a phone: the layout fits 390 px.
    if (size === PHONE) {
      const overflow = await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')
      expect({ page: name, overflow }).toEqual({ page: name, overflow: 0 })
    }
    mkdirSync(SCREENSHOTS, { recursive: true })
    await page.screenshot({ path: join(SCREENSHOTS, `${name}-${size.width}x${size.height}.png`), fullPage: true })
  }
  await page.setViewportSize(DESKTOP)
  // A page answered with an error status on purpose (403) makes Chromium log that one line.
  const expected = opts.documentStatus ? `the server responded with a status of ${opts.documentStatus}` : null
  const errors = tab.errors.filter((e) => !(expected && e.includes(expected)))
  expect({ page: name, errors }).toEqual({ page: name, errors: [] })
}

/** Signs in through the form. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/signin')
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}
