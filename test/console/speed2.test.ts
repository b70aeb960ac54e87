import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { localDate } from '../../src/kernel/time'
import { type PeriodRule, payPeriodRange } from '../../src/modules/timesheets/period'
import { callTool, mcpClient } from '../helpers/mcp'
import { type ConsoleHarness, checkPage, startConsole, type Tab } from './harness'

// Issue 15, item 1 (page speed), second round: the admin People page and Approvals show 50 rows a
// page, People with a search by name or e-mail; Alerts read faster with the same answers. Real
// Chromium against a real server; the company of the People test has 65 people.
setDefaultTimeout(180_000)

let h: ConsoleHarness
let owner: Tab
let tenant = ''

/** The names in the rows of the People table, in order. */
const peopleRows = async (t: Tab): Promise<string[]> =>
  await t.page.locator('section[aria-labelledby="people-h"] tbody tr').evaluateAll((rows) => rows.map((r) => (r.querySelector('a')?.textContent ?? '').trim()))

beforeAll(async () => {
  h = await startConsole()
  const created = await h.createTenant({ name: 'Pager Works', domain: 'pager.test' })
  tenant = created.tenant
  owner = await h.tab()
  await h.setPasswordByLink(owner, created.setupUrl)
  // 60 crew members and 4 office people, added through the page's own "Add a person directly" form
  // (the same POST the button sends, with the session's CSRF token), so the owner makes 65.
  await owner.page.goto('/admin/people')
  const csrf = await owner.page.locator('input[name="_csrf"]').first().inputValue()
  const add = async (name: string, email: string, team: string) => {
    const res = await owner.page.request.post('/admin/people', {
      form: { _csrf: csrf, _action: 'add', name, email, role: 'employee', team },
      headers: { origin: h.server.url },
    })
    expect(res.status()).toBe(200)
  }
  for (let i = 1; i <= 60; i += 6)
    await Promise.all(
      Array.from({ length: 6 }, (_, k) => {
        const n = String(i + k).padStart(2, '0')
        return add(`Crew Member ${n}`, `crew.${n}@pager.test`, 'Crew')
      }),
    )
  for (const n of ['1', '2', '3', '4']) await add(`Office Person ${n}`, `office.${n}@pager.test`, 'Office')
})

afterAll(() => h?.close())

describe('console speed 2: admin People is paged and searchable', () => {
  test('50 a page with counts, Next and Previous; everyone reachable', async () => {
    await owner.page.goto('/admin/people')
    await owner.page.getByRole('heading', { name: 'People (65)' }).waitFor()
    await owner.page.getByText('1–50 of 65, by name.').waitFor()
    const first = await peopleRows(owner)
    expect(first).toHaveLength(50)
    expect(first[0]).toBe('Crew Member 01')
    const pager = owner.page.getByRole('navigation', { name: 'Pages of the people' })
    await pager.getByText('Page 1 of 2').waitFor()
    expect(await pager.getByRole('link', { name: 'Previous' }).count()).toBe(0)
    await checkPage(owner, 'speed2-admin-people')

    await pager.getByRole('link', { name: 'Next' }).click()
    await owner.page.waitForURL('**/admin/people?page=2')
    await owner.page.getByText('51–65 of 65, by name.').waitFor()
    const second = await peopleRows(owner)
    expect(second).toHaveLength(15)
    // Both pages together: every person once, in name order.
    const all = [...first, ...second]
    expect(new Set(all).size).toBe(65)
    expect(all).toEqual([...all].sort((a, b) => a.localeCompare(b)))
    expect(all).toContain('Office Person 4')
    await owner.page.getByRole('navigation', { name: 'Pages of the people' }).getByRole('link', { name: 'Previous' }).waitFor()
    await checkPage(owner, 'speed2-admin-people-page-2')

    // Past the last page: the last page.
    await owner.page.goto('/admin/people?page=9')
    await owner.page.getByText('51–65 of 65, by name.').waitFor()
  })

  test('a search keeps its filter across pages and through an action on page 2', async () => {
    await owner.page.goto('/admin/people')
    await owner.page.getByLabel('Find people (name or e-mail)').fill('crew')
    await owner.page.getByRole('button', { name: 'Search' }).click()
    await owner.page.waitForURL('**/admin/people?q=crew')
    await owner.page.getByRole('heading', { name: 'People matching “crew” (60)' }).waitFor()
    expect(await peopleRows(owner)).toHaveLength(50)
    await checkPage(owner, 'speed2-admin-people-search')

    await owner.page.getByRole('navigation', { name: 'Pages of the people' }).getByRole('link', { name: 'Next' }).click()
    await owner.page.waitForURL(/\/admin\/people\?q=crew&page=2$/)
    await owner.page.getByText('51–60 of 60, by name.').waitFor()
    const second = await peopleRows(owner)
    expect(second).toEqual(Array.from({ length: 10 }, (_, k) => `Crew Member ${51 + k}`))

    // Make Crew Member 55 a manager from page 2: the answer is page 2 of the same search.
    await owner.page.getByLabel('Role of crew.55@pager.test', { exact: true }).selectOption('manager')
    await owner.page.getByRole('button', { name: 'Set the role of crew.55@pager.test' }).click()
    await owner.page.getByText('crew.55@pager.test is now Manager.').waitFor()
    await owner.page.getByRole('heading', { name: 'People matching “crew” (60)' }).waitFor()
    expect(await peopleRows(owner)).toEqual(second)
    expect(await owner.page.getByLabel('Role of crew.55@pager.test', { exact: true }).inputValue()).toBe('manager')

    // The e-mail matches too; nothing matching says so.
    await owner.page.goto('/admin/people?q=office.3%40pager')
    expect(await peopleRows(owner)).toEqual(['Office Person 3'])
    expect(await owner.page.getByRole('navigation', { name: 'Pages of the people' }).count()).toBe(0)
    await owner.page.goto('/admin/people?q=nobody-here')
    await owner.page.getByText('Nobody matches the search.').waitFor()
    await checkPage(owner, 'speed2-admin-people-no-match')
  })
})

describe('console speed 2: Approvals and Alerts', () => {
  test('list_pending_approvals pages: the pages together are the unpaged list, count and has_more agree', async () => {
    // The demo company's pending timesheets, through the official MCP client with the demo key.
    const client = await mcpClient(h.server.url, h.server.demoKey)
    try {
      const all = (await callTool(client, 'list_pending_approvals', {})).structured as { count: number; items: { timesheet_id: string }[]; has_more: boolean }
      expect(all.count).toBeGreaterThan(2)
      expect(all.items).toHaveLength(Math.min(all.count, 200))
      const paged: string[] = []
      for (let page = 1; page <= Math.ceil(all.count / 2); page++) {
        const r = (await callTool(client, 'list_pending_approvals', { page, page_size: 2 })).structured as typeof all
        expect(r.count).toBe(all.count)
        expect(r.has_more).toBe(page * 2 < all.count)
        paged.push(...r.items.map((i) => i.timesheet_id))
      }
      expect(paged).toEqual(all.items.map((i) => i.timesheet_id))
      const bad = await callTool(client, 'list_pending_approvals', { page_size: 201 })
      expect(bad.isError).toBe(true)
    } finally {
      await client.close()
    }
  })

  test('the Approvals page lists the pending timesheets with the bulk form; Alerts render as admin', async () => {
    const a = await h.tryAs('Admin')
    await a.page.goto('/team/approvals')
    await a.page.getByText(/timesheets? (is|are) waiting, oldest first/).waitFor()
    const rows = await a.page.locator('form[action^="/team/approvals"] tbody tr').count()
    expect(rows).toBeGreaterThan(0)
    expect(rows).toBeLessThanOrEqual(50)
    await a.page.getByRole('button', { name: 'Approve selected' }).waitFor()
    await checkPage(a, 'speed2-approvals-admin')
    // The bulk buttons act on the ticked rows of the shown page only: tick two and approve. The
    // demo company is read-only, so each of the two is refused by name of the rule: exactly two
    // decisions were attempted, not the page's or everyone's.
    await a.page.locator('form[action^="/team/approvals"] tbody input[type="checkbox"]').nth(0).check()
    await a.page.locator('form[action^="/team/approvals"] tbody input[type="checkbox"]').nth(1).check()
    await a.page.getByRole('button', { name: 'Approve selected' }).click()
    const flash = a.page.getByText(/timesheets approved\./)
    await flash.waitFor()
    const said = (await flash.textContent()) ?? ''
    expect(said.startsWith('0 timesheets approved. 2 refused: ')).toBe(true)
    expect(said.split('Demo mode is read-only').length - 1).toBe(2)

    await a.page.goto('/team/alerts')
    await a.page.getByRole('heading', { name: 'Workload alerts today' }).waitFor()
    await checkPage(a, 'speed2-alerts-admin')
  })

  test('Approvals over 55 pending timesheets: 50 a page, Next, and the bulk approve decides the ticked rows of page 2 only', async () => {
    // 55 crew members get one entry yesterday (the Corrections page's own "add" POST), and the
    // pay-period job generates their timesheets (the CLI with --date, the period's last date: the job
    // acts on the date it is given, today's weekday does not matter).
    const mine = 'tenant_id = (select id from tenants where readable_id = ?)'
    const yesterday = localDate(Date.now() - 86_400_000, 'Europe/Berlin')
    const rule = h.db
      .query('select pay_period as payPeriod, week_start as weekStart, pay_period_anchor as payPeriodAnchor from tenants where readable_id = ?')
      .get(tenant) as PeriodRule
    const period = payPeriodRange(rule, yesterday)
    const crew = (h.db.query("select id from users where email like 'crew.%@pager.test' order by email").all() as { id: string }[]).slice(0, 55)
    await owner.page.goto('/team/corrections')
    const csrf = await owner.page.locator('input[name="_csrf"]').first().inputValue()
    for (let i = 0; i < crew.length; i += 5)
      await Promise.all(
        crew.slice(i, i + 5).map(async (u) => {
          const res = await owner.page.request.post('/team/corrections', {
            form: { _csrf: csrf, _action: 'add', user_id: u.id, date: yesterday, from: '09:00', to: '10:00', reason: 'forgot to clock in' },
            headers: { origin: h.server.url },
          })
          expect(await res.text()).toContain('Entry added on')
        }),
      )
    await h.cli(['jobs', 'run', 'timesheets.auto_generate', '--tenant', tenant, '--date', period.end])
    const pendingIds = () =>
      (h.db.query(`select id from timesheets where status = 'auto_generated' and ${mine}`).all(tenant) as { id: string }[]).map((r) => r.id)
    expect(pendingIds()).toHaveLength(55)

    await owner.page.goto('/team/approvals')
    await owner.page.getByText('55 timesheets are waiting, oldest first; 1–50 shown.', { exact: false }).waitFor()
    const boxes = owner.page.locator('form[action^="/team/approvals"] tbody input[type="checkbox"]')
    expect(await boxes.count()).toBe(50)
    await checkPage(owner, 'speed2-approvals-page-1')
    await owner.page.getByRole('navigation', { name: 'Pages of the pending timesheets' }).getByRole('link', { name: 'Next' }).click()
    await owner.page.waitForURL('**/team/approvals?page=2')
    await owner.page.getByText('51–55 shown', { exact: false }).waitFor()
    expect(await boxes.count()).toBe(5)
    await checkPage(owner, 'speed2-approvals-page-2')
    const ticked = [await boxes.nth(0).getAttribute('value'), await boxes.nth(2).getAttribute('value')]
    await boxes.nth(0).check()
    await boxes.nth(2).check()
    await owner.page.getByRole('button', { name: 'Approve selected' }).click()
    await owner.page.getByText('2 timesheets approved.').waitFor()
    const approved = (h.db.query(`select id from timesheets where status = 'approved' and ${mine} order by id`).all(tenant) as { id: string }[]).map(
      (r) => r.id,
    )
    expect(approved).toEqual([...ticked].sort() as string[])
    // The answer is page 2 of the 53 left: its 3 rows.
    await owner.page.getByText('53 timesheets are waiting', { exact: false }).waitFor()
    expect(await boxes.count()).toBe(3)
  })
})
