import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { addDays, weekStart } from '../../src/kernel/time'
import { startServer, type TestServer } from '../helpers/server'
import { createTenantFixture, createUserFixture, type TenantFixture } from '../helpers/fixtures'

setDefaultTimeout(120_000)

let server: TestServer
let company: TenantFixture
let ana: { id: string; email: string }
let ben: { id: string; email: string }

const today = new Date().toISOString().slice(0, 10)
const M = addDays(weekStart(today), -14)
const day = (n: number) => addDays(M, n)

async function ok(args: string[]): Promise<any> {
  const res = await server.cli([...args, '--tenant', company.tenant, '--json'])
  if (res.code !== 0) throw new Error(`${args.join(' ')} failed: ${res.stdout} ${res.stderr}`)
  return JSON.parse(res.stdout)
}

beforeAll(async () => {
  server = await startServer()
  company = await createTenantFixture(server)
  ana = await createUserFixture(server, company.tenant, { name: 'Ana' })
  ben = await createUserFixture(server, company.tenant, { name: 'Ben' })
})
afterAll(() => server?.stop())

describe('paid absence hours (for payroll)', () => {
  test('holidays and paid time off are paid at the scheduled hours of the day, else contract hours / 5 on weekdays; unpaid time off is not', async () => {
    await ok(['schedules', 'template-add', '--name', 'Early', '--start-time', '09:00', '--end-time', '17:00', '--break-minutes', '30'])
    // Ana is scheduled Monday to Wednesday only (7.5 h a day); both have the default 40 h contract (8 h a weekday).
    await ok(['schedules', 'create', '--template-id', 'Early', '--user-id', ana.email, '--days-of-week', '[1,2,3]', '--from', M, '--publish'])
    // Ana's vacation: the whole week, Monday to Sunday.
    const vacation = await ok(['absences', 'add', '--user-id', ana.email, '--kind', 'vacation', '--start-date', M, '--end-date', day(6)])
    expect(vacation).toMatchObject({ paid: true, part_day: false, hours: null })
    // A company holiday on Wednesday: Ana's day counts once.
    await ok(['absences', 'holiday-add', '--date', day(2), '--name', 'Company day'])
    // Ben: unpaid time off on Tuesday (2 h), sick 13:00-15:00 on Thursday (2 h, paid).
    const other = await ok(['absences', 'add', '--user-id', ben.email, '--kind', 'other', '--start-date', day(1), '--hours', '2'])
    expect(other).toMatchObject({ paid: false, part_day: true, hours: 2 })
    await ok(['absences', 'add', '--user-id', ben.email, '--kind', 'sick', '--start-date', day(3), '--start-time', '13:00', '--end-time', '15:00'])

    const paid = await ok(['absences', 'paid-hours', '--from', M, '--to', day(6)])
    const who = (id: string) => (id === ana.id ? 'ana' : id === ben.id ? 'ben' : 'owner')
    const rows = paid.data
      .map((r: any) => [r.date, who(r.user_id), r.hours])
      .sort((a: string[], b: string[]) => `${a[0]}${a[1]}`.localeCompare(`${b[0]}${b[1]}`))
    expect(rows).toEqual([
      [M, 'ana', 7.5],
      [day(1), 'ana', 7.5],
      [day(2), 'ana', 7.5],
      [day(2), 'ben', 8],
      [day(2), 'owner', 8], // the company holiday is everyone's
      [day(3), 'ana', 8],
      [day(3), 'ben', 2],
      [day(4), 'ana', 8],
    ])
    expect(paid.total_hours).toBe(56.5)
  })

  test('absences and holidays are listed, deleted with an audit row, and then no longer paid', async () => {
    const list = await ok(['absences', 'list', '--user-id', ben.email])
    expect(list.data.map((a: any) => a.kind)).toEqual(['other', 'sick'])
    const sick = list.data.find((a: any) => a.kind === 'sick')
    await ok(['absences', 'delete', sick.id])
    const holidays = await ok(['absences', 'holidays', '--from', M, '--to', day(6)])
    expect(holidays.data.map((h: any) => [h.date, h.name, h.office_id])).toEqual([[day(2), 'Company day', null]])
    await ok(['absences', 'holiday-delete', holidays.data[0].id])
    const paid = await ok(['absences', 'paid-hours', '--from', M, '--to', day(6), '--user-id', ben.email])
    expect(paid.data).toEqual([])
    const audit = await ok(['audit', 'list', '--page-size', '100'])
    const actions = audit.data.map((e: any) => e.action)
    expect(actions.filter((a: string) => a.startsWith('absence.')).sort()).toEqual(['absence.created', 'absence.created', 'absence.created', 'absence.deleted'])
    expect(actions.filter((a: string) => a.startsWith('holiday.')).sort()).toEqual(['holiday.created', 'holiday.deleted'])
    const deleted = audit.data.find((e: any) => e.action === 'absence.deleted')
    expect(deleted.before).toMatchObject({ kind: 'sick', hours: 2, start_time: '13:00' })
    expect(deleted.after).toBeNull()
  })
})
