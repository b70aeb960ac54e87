import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { type ConsoleHarness, checkPage, startConsole, type Tab } from './harness'

// The manager "Productivity" page (issue 15, item 4) in real Chromium against a real server with a
// seeded demo company, signed in through "Try as Manager / Admin / Employee".
setDefaultTimeout(120_000)

let h: ConsoleHarness
const tryAs = (role: 'Employee' | 'Manager' | 'Admin') => h.tryAs(role)

/** The table's cells, row by row (week, productive, neutral, unproductive, idle, score, people). */
async function table(t: Tab): Promise<string[][]> {
  const rows = t.page.locator('table').filter({ hasText: 'Hours by category per week' }).locator('tbody tr')
  const out: string[][] = []
  for (let i = 0; i < (await rows.count()); i++) out.push((await rows.nth(i).locator('th, td').allTextContents()).map((s) => s.trim()))
  return out
}

beforeAll(async () => {
  h = await startConsole()
  const seed = await h.server.cli(['seed-demo', '--employees', '12', '--days', '21', '--seed', 'console-productivity'])
  expect({ code: seed.code, stderr: seed.stderr }).toEqual({ code: 0, stderr: expect.any(String) })
})

afterAll(() => h?.close())

describe('console: manager productivity', () => {
  test('a manager sees hours by category over weeks for the teams they manage, as a chart and a table', async () => {
    const m = await tryAs('Manager')
    expect((await m.page.goto('/team/productivity'))?.status()).toBe(200)
    await m.page.getByRole('heading', { name: /All your teams: hours by category/ }).waitFor()
    // uPlot drew the chart with one legend entry per category.
    await m.page.locator('figure.chart canvas').waitFor()
    for (const c of ['Productive', 'Neutral', 'Unproductive', 'Idle']) await m.page.locator('.u-legend').getByText(c, { exact: true }).waitFor()
    const rows = await table(m)
    expect(rows).toHaveLength(8)
    // The seeded weeks have application time: some productive hours and a score.
    expect(rows.some((r) => Number.parseFloat(r[1]!) > 0 && r[5] !== '—')).toBe(true)
    await checkPage(m, 'manager-productivity')

    // Four weeks: four rows.
    await m.page.getByLabel('Weeks').selectOption('4')
    await m.page.getByRole('button', { name: 'Show' }).click()
    await m.page.waitForURL('**weeks=4**')
    expect(await table(m)).toHaveLength(4)
  })

  test("an admin sees everyone, or a chosen team; the manager's numbers equal the admin's for the manager's team", async () => {
    const m = await tryAs('Manager')
    await m.page.goto('/team/productivity')
    const managerRows = await table(m)
    const managedTeams = (await m.page.getByLabel('Team', { exact: true }).locator('option').allTextContents()).slice(1)
    expect(managedTeams.length).toBeGreaterThan(0)

    const a = await tryAs('Admin')
    await a.page.goto('/team/productivity')
    await a.page.getByRole('heading', { name: /All your teams/ }).waitFor()
    const everyone = await table(a)
    const allTeams = (await a.page.getByLabel('Team', { exact: true }).locator('option').allTextContents()).slice(1)
    expect(allTeams.length).toBeGreaterThanOrEqual(managedTeams.length)
    // Everyone has at least as many productive hours each week as the manager's people.
    for (let i = 0; i < everyone.length; i++) expect(Number.parseFloat(everyone[i]![1]!)).toBeGreaterThanOrEqual(Number.parseFloat(managerRows[i]![1]!))
    await checkPage(a, 'manager-productivity-admin')

    // One of the manager's teams, chosen by the manager and by the admin: the same numbers.
    const team = managedTeams[0]!
    for (const t of [m, a]) {
      await t.page.getByLabel('Team', { exact: true }).selectOption({ label: team })
      await t.page.getByRole('button', { name: 'Show' }).click()
      await t.page.getByRole('heading', { name: `${team}: hours by category, week by week` }).waitFor()
    }
    const teamRows = await table(m)
    expect(teamRows.some((r) => Number.parseFloat(r[1]!) > 0)).toBe(true)
    expect(await table(a)).toEqual(teamRows)
  })

  test('an employee opening the page gets 403', async () => {
    const e = await tryAs('Employee')
    expect((await e.page.goto('/team/productivity'))?.status()).toBe(403)
    await checkPage(e, 'manager-productivity-forbidden', { documentStatus: 403 })
  })
})
