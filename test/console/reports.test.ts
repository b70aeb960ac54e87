import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { inflateSync } from 'node:zlib'
import { PDFDocument, PDFRawStream } from 'pdf-lib'
import { addDays } from '../../src/kernel/time'
import { createKeyFixture, createUserFixture } from '../helpers/fixtures'
import type { TestServer } from '../helpers/server'
import { type ConsoleHarness, checkPage, startConsole, type Tab } from './harness'

// A real server, a real SMTP sink and real Chromium on a shared machine: room for hooks, no timing assertion.
setDefaultTimeout(120_000)

const COMPANY = 'Berichte & Söhne'

let h: ConsoleHarness
let server: TestServer
let tenant: string
let setupUrl: string
let adminToken: string
let emil: { id: string; email: string }
let erik: { id: string; email: string }
let mona: { id: string; email: string }
let northId: string
let southId: string
/** A date in last week's pay period (entirely in the past), and that period. */
const day = addDays(new Date().toISOString().slice(0, 10), -7)
let period: { start: string; end: string }
const tab = () => h.tab()
const cli = (args: string[]) => h.cli(args)

/** Signs a person in with a password set through "forgot password" (the e-mail's link). */
async function signedInAs(email: string): Promise<Tab> {
  const t = await tab()
  await h.passwordByReset(t, email)
  return t
}

const api = async (path: string) => {
  const res = await fetch(`${server.url}/api/v1${path}`, { headers: { authorization: `Bearer ${adminToken}` } })
  expect(res.status).toBe(200)
  return (await res.json()) as any
}

/** A closed time entry added by the admin (the corrections CLI), in UTC. */
const entry = (email: string, date: string, from: string, to: string) =>
  cli([
    'corrections',
    'add',
    '--tenant',
    tenant,
    '--user-id',
    email,
    '--clock-in-at',
    `${date}T${from}:00Z`,
    '--clock-out-at',
    `${date}T${to}:00Z`,
    '--reason',
    'Forgot to clock',
  ])

async function submit(email: string): Promise<void> {
  const { key } = await createKeyFixture(server, tenant, { kind: 'live', user: email })
  const res = await fetch(`${server.url}/api/v1/client/timesheets/submit`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ date: day }),
  })
  if (res.status >= 300) throw new Error(`submit: ${res.status} ${await res.text()}`)
}

/** Downloads the file a link of the page offers (the browser's own download). */
async function downloadFrom(t: Tab, linkName: string): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([t.page.waitForEvent('download'), t.page.getByRole('link', { name: linkName }).click()])
  const path = await download.path()
  return { name: download.suggestedFilename(), bytes: readFileSync(path!) }
}

/** The text a PDF's pages draw: its content streams inflated, the strings of Tj operators decoded. */
async function pdfText(bytes: Buffer): Promise<string> {
  // Each stream's bytes as pdf-lib parsed them (its /Length), not a search for "endstream": a
  // deflated stream may end in a byte the search would take for the line break before it.
  const doc = await PDFDocument.load(bytes)
  const out: string[] = []
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue
    const raw = Buffer.from(object.contents)
    let content: string
    try {
      content = inflateSync(raw).toString('latin1')
    } catch {
      content = raw.toString('latin1')
    }
    for (const t of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g))
      out.push(t[1] !== undefined ? Buffer.from(t[1], 'hex').toString('latin1') : t[2]!)
  }
  return out.join('\n')
}

/** A number written in German (1.234,5) as a number. */
const de = (s: string): number => Number(s.replace(/\./g, '').replace(',', '.'))

beforeAll(async () => {
  h = await startConsole({ smtp: true })
  server = h.server
  const created = await h.createTenant({ name: COMPANY, domain: 'reports.test' })
  tenant = created.tenant
  setupUrl = created.setupUrl
  await cli(['settings', 'set', '--tenant', tenant, '--locale', 'de-DE'])
  adminToken = (await createKeyFixture(server, tenant, { kind: 'api', role: 'admin' })).key
  northId = JSON.parse(await cli(['teams', 'create', 'Nord', '--tenant', tenant, '--json'])).id
  southId = JSON.parse(await cli(['teams', 'create', 'Süd', '--tenant', tenant, '--json'])).id
  emil = await createUserFixture(server, tenant, { role: 'employee', name: 'Emil Employee', team: 'Nord' })
  erik = await createUserFixture(server, tenant, { role: 'employee', name: '=Erik South', team: 'Süd' })
  mona = await createUserFixture(server, tenant, { role: 'manager', name: 'Mona Manager' })
  await cli(['teams', 'add-manager', 'Nord', mona.email, '--tenant', tenant])
  // Emil: 8 h and 3 h 30 min on one day; Erik: 5 h 15 min, in last week's period, then both submit.
  await entry(emil.email, day, '07:00', '15:00')
  await entry(emil.email, day, '16:00', '19:30')
  await entry(erik.email, day, '06:00', '11:15')
  await submit(emil.email)
  await submit(erik.email)
  const sheet = (await api(`/timesheets?user_id=${emil.id}`)).data[0]
  period = { start: sheet.period_start, end: sheet.period_end }
}, 180_000)

afterAll(() => h?.close(), 120_000)

describe('reports in real Chromium', () => {
  let admin: Tab

  test('an admin sees the timesheets report for the period, and its CSV total equals the timesheet read through the REST API', async () => {
    admin = await tab()
    await h.setPasswordByLink(admin, setupUrl)
    await admin.page.getByRole('link', { name: 'Reports' }).click()
    await admin.page.waitForURL('**/reports')
    await admin.page.getByRole('heading', { name: 'Reports' }).waitFor()
    // The default period is the current pay period; choose last week's with the form.
    await admin.page.getByLabel('From').fill(period.start)
    await admin.page.getByLabel('To').fill(period.end)
    await admin.page.getByRole('button', { name: 'Show' }).click()
    await admin.page.waitForURL(`**/reports?report=timesheets&from=${period.start}&to=${period.end}**`)
    const table = admin.page.getByRole('table')
    await table.getByRole('cell', { name: 'Emil Employee' }).waitFor()
    await table.getByRole('cell', { name: '=Erik South' }).waitFor()
    // German locale: 11,50 and 5,25, total 16,75.
    expect(await table.locator('tfoot').textContent()).toContain('16,75')
    await checkPage(admin, 'reports-timesheets')

    // Narrowed to Emil: the CSV's total equals his timesheet's total_hours.
    await admin.page.getByLabel('Person').selectOption({ label: 'Emil Employee' })
    await admin.page.getByRole('button', { name: 'Show' }).click()
    await admin.page.waitForURL(`**person=${emil.id}**`)
    const sheet = (await api(`/timesheets?user_id=${emil.id}`)).data[0]
    const details = await api(`/timesheets/${sheet.id}`)
    const restTotal: number = details.timesheet.total_hours
    expect(restTotal).toBe(11.5)
    const csv = await downloadFrom(admin, 'Download CSV')
    expect(csv.name).toBe(`timesheets-${period.start}-${period.end}.csv`)
    const bytes = csv.bytes
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]) // UTF-8 BOM
    const text = bytes.subarray(3).toString('utf8')
    expect(text.endsWith('\r\n')).toBe(true)
    const lines = text.trimEnd().split('\r\n')
    expect(lines.some((l) => l.includes('\n'))).toBe(false)
    // de-DE: ";" between fields, decimal comma, local dates (dd.mm.yy).
    expect(lines[0]).toBe('Person;E-mail;Period start;Period end;Status;Hours')
    const row = lines[1]!.split(';')
    expect(row[0]).toBe('Emil Employee')
    expect(row[2]).toMatch(/^\d{2}\.\d{2}\.\d{2}$/)
    expect(row[4]).toBe('Submitted')
    const total = lines[lines.length - 1]!.split(';')
    expect(total[0]).toBe('Total')
    expect(de(total[5]!)).toBe(restTotal)
    expect(lines).toHaveLength(3)

    const pdf = await downloadFrom(admin, 'Download PDF')
    expect(pdf.name).toBe(`timesheets-${period.start}-${period.end}.pdf`)
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-')
    const doc = await PDFDocument.load(pdf.bytes)
    const size = doc.getPage(0).getSize()
    expect([Math.round(size.width), Math.round(size.height)].sort()).toEqual([595, 842]) // A4 (portrait, or landscape for wide tables)
    expect(doc.getTitle()).toBe(`Timesheets — ${COMPANY}`)
    const words = await pdfText(pdf.bytes)
    for (const s of ['Timesheets', COMPANY, 'Person: Emil Employee', 'Emil Employee', 'Total', restTotal.toFixed(2).replace('.', ',')])
      expect(words).toContain(s)
    expect(words).not.toContain('Erik')
  })

  test('a CSV defuses a name that starts with "=", and the admin sees every report (payroll included)', async () => {
    await admin.page.goto(`/reports?report=timesheets&from=${period.start}&to=${period.end}&person=${erik.id}`)
    const csv = (await downloadFrom(admin, 'Download CSV')).bytes.subarray(3).toString('utf8')
    expect(csv.split('\r\n')[1]!.split(';')[0]).toBe("'=Erik South")
    for (const [id, title] of [
      ['attendance', 'Attendance'],
      ['overtime', 'Overtime'],
      ['payroll', 'Payroll'],
      ['projects', 'Project hours and budgets'],
    ] as const) {
      await admin.page.goto(`/reports?report=${id}&from=${period.start}&to=${period.end}`)
      await admin.page.getByRole('table').locator('caption', { hasText: title }).waitFor()
      await checkPage(admin, `reports-${id}`)
    }
    // Attendance: the totals add both people's hours.
    await admin.page.goto(`/reports?report=attendance&from=${period.start}&to=${period.end}`)
    expect(await admin.page.getByRole('table').locator('tfoot').textContent()).toContain('16,75')
    const pdf = await downloadFrom(admin, 'Download PDF')
    expect(await pdfText(pdf.bytes)).toContain('16,75')
  })

  test('a manager sees only the teams they manage, and is refused another team', async () => {
    const t = await signedInAs(mona.email)
    await t.page.goto(`/reports?report=timesheets&from=${period.start}&to=${period.end}`)
    const table = t.page.getByRole('table')
    await table.getByRole('cell', { name: 'Emil Employee' }).waitFor()
    expect(await table.getByRole('cell', { name: '=Erik South' }).count()).toBe(0)
    const teams = await t.page.getByLabel('Team').locator('option').allInnerTexts()
    expect(teams).toEqual(['All my teams', 'Nord'])
    // Payroll is for admins: not offered, and refused when asked for.
    expect(await t.page.getByLabel('Report').locator('option').allInnerTexts()).not.toContain('Payroll')
    await checkPage(t, 'reports-manager')
    const csv = (await downloadFrom(t, 'Download CSV')).bytes.subarray(3).toString('utf8')
    expect(csv).toContain('Emil Employee')
    expect(csv).not.toContain('Erik')
    const other = await t.page.request.get(`/reports?report=timesheets&from=${period.start}&to=${period.end}&team=${southId}&format=csv`)
    expect(other.status()).toBe(403)
    expect(await other.text()).toContain('You can only look at teams you manage.')
    const payroll = await t.page.request.get(`/reports?report=payroll&format=csv`)
    expect(payroll.status()).toBe(400)
    expect(await payroll.text()).toContain('report: this report is for administrators.')
    expect(northId).not.toBe(southId)
  })

  test('an employee opening the reports page gets 403', async () => {
    const t = await signedInAs(emil.email)
    const res = await t.page.goto('/reports')
    expect(res?.status()).toBe(403)
    await t.page.getByRole('alert').filter({ hasText: 'This page is for the Manager role or above' }).waitFor()
    const file = await t.page.request.get(`/reports?report=timesheets&format=csv`)
    expect(file.status()).toBe(403)
    expect(file.headers()['content-type']).toContain('text/html')
    await checkPage(t, 'reports-forbidden', { documentStatus: 403 })
  })
})
