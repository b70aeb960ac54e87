import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { roleAtLeast } from '../../src/kernel/access'
import { slicePage } from '../../src/console/pages/paging'
import { CONSOLE_PAGES } from '../../src/console/registry'
import type { TestServer } from '../helpers/server'
import { CHROMIUM } from './browser'
import { type ConsoleHarness, startConsole } from './harness'

// Issue 15 item 1 (Server-Timing on every console page, the paged pages) and item 3 (the console
// installs as a PWA: Chromium's own installability check over CDP). Real server, real HTTP, real Chromium.
setDefaultTimeout(120_000)

let h: ConsoleHarness
let server: TestServer

beforeAll(async () => {
  // Chromium is launched per test here: the PWA check needs a persistent profile of its own.
  h = await startConsole({ browser: false })
  server = h.server
}, 120_000)
afterAll(async () => {
  await h?.close()
}, 120_000)

/** "Try as ROLE" on the demo tenant (read-only): the session cookie. */
const tryAs = async (role: 'manager' | 'admin'): Promise<string> => (await h.demoSession(role)).setCookie.split(';')[0]!

/** A Server-Timing header as the console writes it: total, then page when a page rendered. */
const TIMING = /^total;dur=(\d+\.\d);desc="console"(?:, page;dur=(\d+\.\d);desc="operations and markup")?$/

describe('Server-Timing on console responses', () => {
  test('every page of the navigation, as a manager and as an admin, answers a well-formed Server-Timing with total and page', async () => {
    let checked = 0
    for (const role of ['manager', 'admin'] as const) {
      const cookie = await tryAs(role)
      for (const page of CONSOLE_PAGES) {
        if (!page.nav || !roleAtLeast(role, page.role)) continue
        const res = await fetch(`${server.url}${page.path}`, { headers: { cookie }, redirect: 'manual' })
        expect(`${page.path} ${res.status}`).toBe(`${page.path} 200`)
        const header = res.headers.get('server-timing')
        const m = TIMING.exec(header ?? '')
        expect(m ? page.path : `${page.path}: ${header}`).toBe(page.path)
        expect(m![2]).toBeDefined() // a rendered page reports its own time
        expect(Number(m![2])).toBeLessThanOrEqual(Number(m![1]))
        await res.arrayBuffer()
        checked++
      }
    }
    expect(checked).toBeGreaterThan(20)
  })

  test('signed-out pages and redirects carry it too (total only)', async () => {
    const signin = await fetch(`${server.url}/signin`)
    expect(signin.headers.get('server-timing')).toMatch(TIMING)
    expect(signin.headers.get('server-timing')).not.toContain('page;')
    const redirect = await fetch(`${server.url}/team/now`, { redirect: 'manual' })
    expect(redirect.status).toBe(303)
    expect(redirect.headers.get('server-timing')).toMatch(TIMING)
  })
})

describe('pages that stay small on a large company', () => {
  const get = async (cookie: string, path: string) => {
    const res = await fetch(`${server.url}${path}`, { headers: { cookie } })
    expect(res.status).toBe(200)
    return res.text()
  }

  test('reports: opening the page shows the filters and runs nothing; sending them runs the report', async () => {
    const cookie = await tryAs('admin')
    const empty = await get(cookie, '/reports')
    expect(empty).toContain('Nothing is run before that.')
    expect(empty).not.toContain('<table')
    expect(empty).not.toContain('Download CSV')
    const ran = await get(cookie, '/reports?report=timesheets')
    expect(ran).toContain('<table')
    expect(ran).toContain('Download CSV')
  })

  test('who is in now: totals per state, a filter by state and team, the list filtered', async () => {
    const cookie = await tryAs('admin')
    const all = await get(cookie, '/team/now')
    expect(all).toContain('aria-label="Totals now"')
    expect(all).toContain('<select name="presence">')
    expect(all).toContain('<select name="team">')
    const out = await get(cookie, '/team/now?presence=clocked_out')
    expect(out).toMatch(/<caption>Clocked out: \d+ (person|people)<\/caption>/)
    expect(out).not.toContain('<span class="badge working">Working</span></td>')
  })

  test('alerts: one overtime week at a time, the other on a link', async () => {
    const cookie = await tryAs('manager')
    const page = await get(cookie, '/team/alerts')
    expect(page).toContain('<span>Overtime this week</span> (')
    expect(page).not.toContain('<span>Overtime last week</span>')
    expect(page).toContain('href="/team/alerts?overtime=last_week"')
    const last = await get(cookie, '/team/alerts?overtime=last_week')
    expect(last).toContain('<span>Overtime last week</span> (')
    expect(last).not.toContain('<span>Overtime this week</span>')
  })

  test("admin teams: member counts only until a team is opened; its add list offers a search's matches", async () => {
    const cookie = await tryAs('admin')
    const list = await get(cookie, '/admin/teams')
    expect(list).toMatch(/<h2 id="teams-h">Teams \(\d+\)<\/h2>/)
    expect(list.match(/<option value="[0-9a-f-]{36}"/g) ?? []).toEqual([]) // no add list of people until a team is opened
    const teamId = /href="\/admin\/teams\?team=([0-9a-f-]{36})"/.exec(list)![1]!
    const open = await get(cookie, `/admin/teams?team=${teamId}`)
    expect(open).toContain(`id="add-${teamId}"`)
    expect(open).toContain('Find people to add')
    const none = await get(cookie, `/admin/teams?team=${teamId}&q=nobody-has-this-name-zz`)
    expect(none).toContain('0 people match.')
    expect(none.match(/<option value="[0-9a-f-]{36}"/g) ?? []).toEqual([])
  })
})

test('slicePage: the pages of a long list, the last one when asked past it', () => {
  const items = Array.from({ length: 1001 }, (_, i) => i)
  expect(slicePage(items, 1, 50)).toEqual({ rows: items.slice(0, 50), page: 1, pages: 21 })
  expect(slicePage(items, 21, 50).rows).toEqual([1000])
  expect(slicePage(items, 99, 50).page).toBe(21)
  expect(slicePage([], 1, 50)).toEqual({ rows: [], page: 1, pages: 1 })
})

describe('PWA', () => {
  test('Chromium finds no installability errors on the served console (manifest, service worker, icons)', async () => {
    // A persistent profile: Chromium never offers to install from an incognito context (Playwright's newContext).
    const profile = mkdtempSync(join(tmpdir(), 'wf-pwa-'))
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-dev-shm-usage'],
      baseURL: server.url,
    })
    const errors: string[] = []
    try {
      const page = context.pages()[0] ?? (await context.newPage())
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text())
      })
      await page.goto('/signin')
      // The service worker registers from console.js on a secure context (loopback counts).
      const scope = await page.evaluate('navigator.serviceWorker.ready.then((r) => r.scope)')
      expect(scope).toBe(`${server.url}/`)
      const cdp = await context.newCDPSession(page)
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] }
      expect(installabilityErrors).toEqual([])
      const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] }
      expect(manifest.url).toBe(`${server.url}/manifest.webmanifest`)
      expect(manifest.errors).toEqual([])
      expect(errors).toEqual([])
    } finally {
      await context.close()
      rmSync(profile, { recursive: true, force: true })
    }
  })
})
