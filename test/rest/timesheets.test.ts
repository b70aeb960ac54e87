import { afterAll, beforeAll, describe, expect, test, setDefaultTimeout } from 'bun:test'
import type { TestServer } from '../helpers/server'
import { createKeyFixture, createUserFixture } from '../helpers/fixtures'
import { addDays, weekStart } from '../../src/kernel/time'
import { expectPage, restClient, type restTenant } from './helpers/api'
import { WEEK, startTwoOrgs, type Org } from './helpers/org'
import { HOUR, addTimeLog, at, boundToken, daysAgo } from './helpers/people'

// Real servers and CLI processes on a shared machine: give hooks and tests room (not a timing assertion).
setDefaultTimeout(120_000)

let server: TestServer
let acme: Awaited<ReturnType<typeof restTenant>>
let other: Awaited<ReturnType<typeof restTenant>>
let org: Org
let otherOrg: Org

beforeAll(async () => {
  ;({ server, acme, other, org, otherOrg } = await startTwoOrgs())
})
afterAll(() => server.stop())

const owners = (body: any) => body.data.map((s: any) => s.user_name)
const sheetOf = async (userId: string) => (await acme.ro.get(`/timesheets?user_id=${userId}`)).body.data[0]

describe('GET /api/v1/timesheets', () => {
  test('lists timesheets with owner, period, status and hours, latest period first', async () => {
    const res = await acme.ro.get('/timesheets')
    expect(res.status).toBe(200)
    expect(res.body.pagination).toEqual({ page: 1, page_size: 20, total: 3, has_more: false, next_page: null })
    expectPage(res.body)
    expect(owners(res.body)).toEqual(['Alice', 'Bob', 'Carol'])
    expect(res.body.data[0]).toEqual({
      id: expect.any(String),
      user_id: org.users.alice,
      user_name: 'Alice',
      user_email: expect.stringMatching(/@org\.test$/),
      period_start: WEEK.start,
      period_end: WEEK.end,
      status: 'approved',
      total_seconds: 45 * 3600,
      total_hours: 45,
      submitted_at: null,
      decided_at: null,
      decided_by_user_id: null,
      rejection_reason: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    })
  })

  test('filters by status, person, team and the dates their period overlaps', async () => {
    expect(owners((await acme.ro.get('/timesheets?status=submitted')).body)).toEqual(['Carol'])
    expect(owners((await acme.ro.get(`/timesheets?user_id=${org.users.bob}`)).body)).toEqual(['Bob'])
    expect(owners((await acme.ro.get(`/timesheets?team_id=${org.teams.eng}`)).body)).toEqual(['Alice', 'Carol'])
    expect(owners((await acme.ro.get(`/timesheets?team_id=${org.teams.eng}&user_id=${org.users.bob}`)).body)).toEqual([])
    expect(owners((await acme.ro.get(`/timesheets?from=${WEEK.end}&to=${WEEK.end}`)).body)).toHaveLength(3)
    expect(owners((await acme.ro.get(`/timesheets?from=${addDays(WEEK.end, 1)}`)).body)).toEqual([])
    expect(owners((await acme.ro.get(`/timesheets?to=${addDays(WEEK.start, -1)}`)).body)).toEqual([])
  })

  test('refuses from after to, a wrong status and an impossible date, naming the fields', async () => {
    const inverted = await acme.ro.get('/timesheets?from=2026-10-11&to=2026-10-05')
    expect(inverted.status).toBe(400)
    expect(inverted.body.error.details.errors).toEqual([{ field: 'from', message: 'must be on or before to' }])
    const bad = await acme.ro.get('/timesheets?status=done&from=2026-02-30')
    expect(bad.status).toBe(400)
    expect(bad.body.error.details.errors.map((e: any) => e.field).sort()).toEqual(['from', 'status'])
  })

  test('answers 404 for another tenant’s person or team', async () => {
    expect((await acme.ro.get(`/timesheets?user_id=${otherOrg.users.alice}`)).status).toBe(404)
    expect((await acme.ro.get(`/timesheets?team_id=${otherOrg.teams.eng}`)).status).toBe(404)
  })
})

describe('GET /api/v1/timesheets/{timesheet_id}', () => {
  test('returns the timesheet with its owner, its time-log entries and their breaks', async () => {
    const bob = await sheetOf(org.users.bob)
    const res = await acme.ro.get(`/timesheets/${bob.id}`)
    expect(res.status).toBe(200)
    expect(res.body.timesheet).toMatchObject({ id: bob.id, user_id: org.users.bob, status: 'approved', total_hours: 24, time_log_ids: expect.any(Array) })
    expect(res.body.user).toEqual({ id: org.users.bob, name: 'Bob', email: bob.user_email })
    expect(res.body.entries.map((e: any) => [e.date, e.hours, e.break_seconds, e.worked_hours])).toEqual([
      ['2026-10-05', 8, 1800, 7.5],
      ['2026-10-06', 8, 0, 8],
      ['2026-10-07', 8, 0, 8],
    ])
    expect(res.body.entries[0]).toMatchObject({
      clock_in_at: '2026-10-05T08:00:00.000Z',
      clock_out_at: '2026-10-05T16:00:00.000Z',
      status: 'closed',
      source: 'seed',
      project_id: null,
      task_id: null,
    })
    expect(res.body.timesheet.time_log_ids).toEqual(res.body.entries.map((e: any) => e.time_log_id))
  })

  test('shows the status history of a timesheet submitted, rejected, resubmitted and approved through the client API', async () => {
    const eve = await createUserFixture(server, acme.tenant, { name: 'Eve', team: 'Engineering' })
    const monday = weekStart(daysAgo(14))
    addTimeLog(server, acme.tenant, eve.id, at(monday, '09:00'), at(monday, '09:00') + 6 * HOUR)
    addTimeLog(server, acme.tenant, eve.id, at(addDays(monday, 1), '09:00'), at(addDays(monday, 1), '09:00') + 7 * HOUR)
    const eveApp = restClient(server, (await createKeyFixture(server, acme.tenant, { user: eve.email })).key)
    const carolEmail = (await acme.ro.get(`/users/${org.users.carol}`)).body.email
    const carolApp = restClient(server, (await createKeyFixture(server, acme.tenant, { user: carolEmail })).key)

    const submitted = await eveApp.post('/client/timesheets/submit', { date: monday })
    expect(submitted.status).toBe(200)
    const id = submitted.body.timesheet.id
    expect((await carolApp.post(`/client/timesheets/${id}/reject`, { reason: 'Tuesday looks short' })).status).toBe(200)
    expect((await eveApp.post('/client/timesheets/submit', { date: monday })).status).toBe(200)
    expect((await carolApp.post(`/client/timesheets/${id}/approve`)).status).toBe(200)

    const res = await acme.ro.get(`/timesheets/${id}`)
    expect(res.status).toBe(200)
    expect(res.body.timesheet).toMatchObject({
      status: 'approved',
      total_hours: 13,
      decided_by_user_id: org.users.carol,
      period_start: monday,
      period_end: addDays(monday, 6),
    })
    expect(res.body.timesheet.history.map((h: any) => [h.from_status, h.to_status, h.actor_user_id, h.reason])).toEqual([
      [null, 'draft', eve.id, null],
      ['draft', 'submitted', eve.id, null],
      ['submitted', 'rejected', org.users.carol, 'Tuesday looks short'],
      ['rejected', 'submitted', eve.id, null],
      ['submitted', 'approved', org.users.carol, null],
    ])
    expect(res.body.entries.map((e: any) => e.hours)).toEqual([6, 7])
    expect((await acme.ro.get(`/timesheets?status=approved&team_id=${org.teams.eng}`)).body.data.map((s: any) => s.user_name)).toEqual(['Eve', 'Alice'])
  })

  test('answers 404 for another tenant’s timesheet, exactly as for a missing one', async () => {
    const theirs = (await other.ro.get('/timesheets')).body.data[0].id
    const res = await acme.ro.get(`/timesheets/${theirs}`)
    expect(res.status).toBe(404)
    expect(res.body.error).toEqual({ code: 'not_found', message: 'Timesheet not found.', details: null })
    expect((await acme.ro.get('/timesheets/00000000-0000-4000-8000-000000000000')).body).toEqual(res.body)
  })
})

describe('timesheets a manager token sees', () => {
  test('a token bound to a manager lists and reads the timesheets of their teams only', async () => {
    const carol = await boundToken(server, acme.tenant, org.users.carol)
    const list = await carol.get(`/timesheets?from=${WEEK.start}&to=${WEEK.end}`)
    expect(owners(list.body)).toEqual(['Alice', 'Carol'])
    const bob = await sheetOf(org.users.bob)
    const res = await carol.get(`/timesheets/${bob.id}`)
    expect(res.status).toBe(403)
    expect(res.body.error.code).toBe('forbidden')
    expect((await carol.get(`/timesheets?user_id=${org.users.bob}`)).status).toBe(403)
  })
})
