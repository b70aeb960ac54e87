import { afterAll, beforeAll, describe, expect, test, setDefaultTimeout } from 'bun:test'
import { startServer, type TestServer } from '../helpers/server'
import { createKeyFixture } from '../helpers/fixtures'
import { restClient, restTenant, type RestClient } from '../rest/helpers/api'
import { seedOrg, WEEK } from '../rest/helpers/org'

// A real server seeding its demo tenant, and CLI processes, on a shared machine (not a timing assertion).
setDefaultTimeout(120_000)

let server: TestServer
let demo: RestClient
let real: Awaited<ReturnType<typeof restTenant>>

beforeAll(async () => {
  server = await startServer()
  demo = restClient(server, (await createKeyFixture(server, server.demoTenant, { kind: 'api', role: 'admin', scope: 'read' })).key)
  real = await restTenant(server)
  seedOrg(server, real.tenant)
}, 120_000)
afterAll(() => server.stop())

/** RFC 4180 records: fields split on commas outside quotes, "" inside quotes is a quote; CRLF ends a record. */
function parseCsv(text: string): string[][] {
  const records: string[][] = []
  let field = ''
  let record: string[] = []
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!
    if (quoted && ch === '"' && text[i + 1] === '"') {
      field += '"'
      i++
    } else if (quoted && ch === '"') quoted = false
    else if (quoted) field += ch
    else if (ch === '"') quoted = true
    else if (ch === ',') {
      record.push(field)
      field = ''
    } else if (ch === '\r' && text[i + 1] === '\n') {
      record.push(field)
      records.push(record)
      record = []
      field = ''
      i++
    } else field += ch
  }
  if (field !== '' || record.length) throw new Error('the file does not end with CRLF')
  return records
}

async function download(api: RestClient, id: string): Promise<{ text: string; records: string[][] }> {
  const res = await api.get(`/payroll/pay-runs/${id}/download`)
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toStartWith('text/csv')
  return { text: res.text, records: parseCsv(res.text) }
}

async function realExport(): Promise<{ run: any; records: string[][] }> {
  const created = await real.rw.post('/payroll/pay-runs', { period_start: WEEK.start, period_end: WEEK.end })
  expect(created.status).toBe(202)
  for (let i = 0; i < 200; i++) {
    const run = (await real.ro.get(`/payroll/pay-runs/${created.body.id}`)).body
    if (run.status === 'ready') return { run, records: (await download(real.ro, run.id)).records }
    if (run.status === 'failed') throw new Error(run.error)
    await Bun.sleep(50)
  }
  throw new Error('the pay run never finished')
}

describe('demo pay-run CSVs are written by the product’s writer', () => {
  test('the seeded pay runs have the header, column count and line ends of a real export', async () => {
    const { run: realRun, records: realRecords } = await realExport()
    expect(realRecords.length).toBe(realRun.row_count + 1)
    const [header, ...realRows] = realRecords
    expect(realRows.length).toBeGreaterThan(0)
    for (const row of realRows) expect(row.length).toBe(header!.length)

    const runs = (await demo.get('/payroll/pay-runs?page_size=100')).body.data.filter((r: any) => r.status === 'ready')
    expect(runs.length).toBeGreaterThan(0)
    for (const run of runs) {
      const { text, records } = await download(demo, run.id)
      expect(new Bun.CryptoHasher('sha256').update(text).digest('hex')).toBe(run.checksum)
      const [seededHeader, ...rows] = records
      expect(seededHeader).toEqual(header!)
      expect(rows.length).toBe(run.row_count)
      expect(rows.length).toBeGreaterThan(0)
      for (const row of rows) expect(row.length).toBe(header!.length)
      // The columns mean what they mean in a real export: totals add up, and the run's total is their sum.
      const col = (row: string[], name: string) => Number(row[header!.indexOf(name)])
      let cents = 0
      for (const row of rows) {
        expect(col(row, 'total_hours')).toBeCloseTo(col(row, 'regular_hours') + col(row, 'overtime_hours'), 1)
        expect(col(row, 'gross_amount')).toBeCloseTo(
          col(row, 'regular_amount') + col(row, 'overtime_amount') + col(row, 'adjustment_amount') + col(row, 'absence_amount'),
          2,
        )
        cents += Math.round(col(row, 'gross_amount') * 100)
      }
      expect(cents).toBe(run.total_amount_cents)
    }
  })
})
