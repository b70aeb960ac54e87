import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { addDays } from '../../src/kernel/time'
import { type ConsoleHarness, startConsole } from './harness'

// Every report of the Reports page, downloaded as CSV by a demo admin from a real server with a seeded
// demo company: the header line of each is the one its definition lists (src/console/reports/definitions.ts).
// The files are written under test-output/console/reports-csv/ so a change of the definitions can be
// compared byte for byte with the files of the commit before it.
setDefaultTimeout(120_000)

const OUT = join(import.meta.dir, '../../test-output/console/reports-csv')
// Up to yesterday: today's open sessions grow by the minute, the past stays put.
const TO = addDays(new Date().toISOString().slice(0, 10), -1)
const FROM = addDays(TO, -27)

const EXPECTED: Record<string, string[]> = {
  timesheets: ['Person', 'E-mail', 'Period start', 'Period end', 'Status', 'Hours'],
  attendance: ['Person', 'E-mail', 'Days worked', 'Hours', 'First day', 'Last day'],
  overtime: ['Person', 'E-mail', 'Worked hours', 'Overtime hours', 'Cases'],
  payroll: ['Person', 'E-mail', 'Regular hours', 'Overtime hours', 'Absence hours', 'Adjustment hours', 'Hourly rate', 'Gross pay'],
  projects: ['Project', 'Client', 'Hours used', 'Hours budget', 'Hours used %', 'Amount used', 'Amount budget', 'At risk'],
}

let h: ConsoleHarness
let session = ''

beforeAll(async () => {
  h = await startConsole({ browser: false })
  const seed = await h.server.cli(['seed-demo', '--employees', '12', '--days', '21', '--seed', 'console-reports'])
  expect({ code: seed.code, stderr: seed.stderr }).toEqual({ code: 0, stderr: expect.any(String) })
  // "Try as Admin" on the sign-in page, over plain HTTP.
  session = (await h.demoSession('admin')).setCookie.split(';')[0]!
}, 180_000)

afterAll(() => h?.close(), 60_000)

describe('report definitions', () => {
  test('every report downloads as CSV with the header its definition lists, one line per row and a totals line', async () => {
    mkdirSync(OUT, { recursive: true })
    const lines: Record<string, number> = {}
    for (const [id, header] of Object.entries(EXPECTED)) {
      const res = await fetch(`${h.server.url}/reports?${new URLSearchParams({ report: id, from: FROM, to: TO, format: 'csv' })}`, {
        headers: { cookie: session },
      })
      expect({ id, status: res.status }).toEqual({ id, status: 200 })
      const bytes = Buffer.from(await res.arrayBuffer())
      writeFileSync(join(OUT, `${id}.csv`), bytes)
      const text = bytes.toString('utf8')
      expect(text.startsWith('\uFEFF')).toBe(true)
      const rows = text
        .slice(1)
        .split('\r\n')
        .filter((l) => l !== '')
      expect({ id, header: rows[0]!.split(',') }).toEqual({ id, header })
      expect({ id, last: rows.at(-1)!.split(',')[0] }).toEqual({ id, last: 'Total' })
      lines[id] = rows.length
    }
    // The seeded company has people with clocked time: the person reports have rows.
    for (const id of ['timesheets', 'attendance', 'overtime']) expect({ id, some: lines[id]! > 2 }).toEqual({ id, some: true })
  })
})
