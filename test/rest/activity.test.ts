import { afterAll, beforeAll, describe, expect, test, setDefaultTimeout } from 'bun:test'
import { startServer, type TestServer } from '../helpers/server'
import { addDays } from '../../src/kernel/time'
import { restTenant } from './helpers/api'
import { seedOrg, type Org } from './helpers/org'
import { addTimeLog, agentClient, at, boundToken, daysAgo, uploadSamples } from './helpers/people'

// Real servers and CLI processes on a shared machine: give hooks and tests room (not a timing assertion).
setDefaultTimeout(120_000)

let server: TestServer
let acme: Awaited<ReturnType<typeof restTenant>>
let other: Awaited<ReturnType<typeof restTenant>>
let org: Org
let otherOrg: Org
/** Yesterday (UTC, the tenants' zone): a finished day the activity tests read. */
const Y = daysAgo(1)

beforeAll(async () => {
  server = await startServer()
  acme = await restTenant(server)
  other = await restTenant(server)
  org = seedOrg(server, acme.tenant)
  otherOrg = seedOrg(server, other.tenant)
  // Alice's desktop agent: 600 s productive, 540 s neutral (across 10:00), 300 s unproductive, 720 s idle.
  const alice = await agentClient(server, acme.tenant, org.users.alice)
  await uploadSamples(alice, [
    { application: 'Visual Studio Code', at: at(Y, '09:00'), seconds: 600 },
    { application: 'Slack', at: at(Y, '09:55'), seconds: 540 },
    { application: 'Visual Studio Code', at: at(Y, '10:30'), seconds: 360, idle: true },
    { application: 'Visual Studio Code', at: at(Y, '10:36'), seconds: 300, idle: true },
    { application: 'YouTube', at: at(Y, '11:00'), seconds: 300 },
    { application: 'iTerm2', at: at(Y, '14:00'), seconds: 60, idle: true },
  ])
  addTimeLog(server, acme.tenant, org.users.alice, at(Y, '08:00'), at(Y, '17:00'))
  addTimeLog(server, acme.tenant, org.users.bob, at(Y, '09:00'), at(Y, '17:00'))
  // Carol's night shift crosses midnight: 2 of its 4 hours are on Y.
  addTimeLog(server, acme.tenant, org.users.carol, at(addDays(Y, -1), '22:00'), at(Y, '02:00'))
})
afterAll(() => server.stop())

const byName = (body: any, name: string) => body.users.find((u: any) => u.name === name)

describe('GET /api/v1/activity/summary', () => {
  test('is exactly the spec resource: date, active_users, total_hours, avg_productivity_score, users', async () => {
    const res = await acme.ro.get(`/activity/summary?date=${Y}`)
    expect(res.status).toBe(200)
    expect(Object.keys(res.body).sort()).toEqual(['active_users', 'avg_productivity_score', 'date', 'total_hours', 'users'])
    expect(res.body).toMatchObject({ date: Y, active_users: 3, total_hours: 19, avg_productivity_score: 42 })
    // Dave was deactivated and has nothing on the day: not listed.
    expect(res.body.users.map((u: any) => u.name)).toEqual(['Alice', 'Bob', 'Carol', expect.stringMatching(/^Owner/)])
    expect(byName(res.body, 'Alice')).toEqual({
      user_id: org.users.alice,
      name: 'Alice',
      email: expect.stringMatching(/@org\.test$/),
      team_id: org.teams.eng,
      team: 'Engineering',
      hours: 9,
      active_seconds: 1440,
      productive_seconds: 600,
      neutral_seconds: 540,
      unproductive_seconds: 300,
      idle_seconds: 720,
      productivity_score: 42,
      first_activity_at: `${Y}T09:00:00.000Z`,
      last_activity_at: `${Y}T14:01:00.000Z`,
      is_clocked_in: false,
    })
    expect(byName(res.body, 'Bob')).toMatchObject({ hours: 8, active_seconds: 0, productivity_score: null, first_activity_at: null, team: 'Support' })
    expect(byName(res.body, 'Carol')).toMatchObject({ hours: 2, productivity_score: null })
  })

  test('reads the samples before the daily job ran, and the same figures from the daily summaries after', async () => {
    const before = await acme.ro.get(`/activity/summary?date=${Y}`)
    const run = await server.cli(['jobs', 'run', 'activity.daily_summaries', '--tenant', acme.tenant, '--date', Y])
    expect(run.code).toBe(0)
    const after = await acme.ro.get(`/activity/summary?date=${Y}`)
    expect(after.body).toEqual(before.body)
  })

  test('a repeated answer carries the same JSON and its own rate-limit headers and request id', async () => {
    const first = await acme.ro.get(`/activity/summary?date=${Y}`)
    const again = await acme.ro.get(`/activity/summary?date=${Y}`)
    expect(again.text).toBe(first.text)
    expect(again.headers.get('content-type')).toStartWith('application/json')
    expect(Number(again.headers.get('x-ratelimit-remaining-hour'))).toBe(Number(first.headers.get('x-ratelimit-remaining-hour')) - 1)
    expect(again.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'))
  })

  test('shows new activity at once', async () => {
    const first = await acme.ro.get(`/activity/summary?date=${Y}`)
    expect(byName(first.body, 'Bob').active_seconds).toBe(0)
    await uploadSamples(await agentClient(server, acme.tenant, org.users.bob), [{ application: 'Zendesk', at: at(Y, '12:00'), seconds: 900 }])
    const second = await acme.ro.get(`/activity/summary?date=${Y}`)
    expect(byName(second.body, 'Bob')).toMatchObject({
      active_seconds: 900,
      productive_seconds: 900,
      productivity_score: 100,
      first_activity_at: `${Y}T12:00:00.000Z`,
    })
    expect(second.body.avg_productivity_score).toBe(71)
  })

  test('narrows to one team, and defaults to today', async () => {
    const support = await acme.ro.get(`/activity/summary?date=${Y}&team_id=${org.teams.support}`)
    expect(support.body.users.map((u: any) => u.name)).toEqual(['Bob'])
    expect(support.body).toMatchObject({ active_users: 1, total_hours: 8 })
    const today = await acme.ro.get('/activity/summary')
    expect(today.body.date).toBe(new Date().toISOString().slice(0, 10))
  })

  test('refuses an impossible date and an unknown parameter, and answers 404 for another tenant’s team', async () => {
    const bad = await acme.ro.get('/activity/summary?date=2026-13-01&day=monday')
    expect(bad.status).toBe(400)
    expect(bad.body.error.details.errors).toEqual([
      { field: 'day', message: 'is not a known field' },
      { field: 'date', message: 'is not a real calendar date' },
    ])
    const theirs = await acme.ro.get(`/activity/summary?team_id=${otherOrg.teams.eng}`)
    expect(theirs.status).toBe(404)
    expect(theirs.body.error.message).toBe('Team not found.')
  })
})

describe('GET /api/v1/activity/records', () => {
  test('lists one person’s applications per date with category, active and idle seconds, most used first', async () => {
    const res = await acme.ro.get(`/activity/records?user_id=${org.users.alice}&from=${addDays(Y, -1)}&to=${Y}`)
    expect(res.status).toBe(200)
    expect(res.body.data.map((r: any) => [r.date, r.application, r.category, r.active_seconds, r.idle_seconds, r.sample_count])).toEqual([
      [Y, 'Visual Studio Code', 'productive', 600, 660, 3],
      [Y, 'Slack', 'neutral', 540, 0, 1],
      [Y, 'YouTube', 'unproductive', 300, 0, 1],
      [Y, 'iTerm2', 'productive', 0, 60, 1],
    ])
    expect(res.body.data[0]).toMatchObject({ user_id: org.users.alice, first_started_at: `${Y}T09:00:00.000Z`, last_ended_at: `${Y}T10:41:00.000Z` })
    expect(res.body.pagination).toEqual({ page: 1, page_size: 20, total: 4, has_more: false, next_page: null })
  })

  test('filters by category and pages', async () => {
    const productive = await acme.ro.get(`/activity/records?user_id=${org.users.alice}&from=${Y}&category=productive&page_size=1&page=2`)
    expect(productive.body.data.map((r: any) => r.application)).toEqual(['iTerm2'])
    expect(productive.body.pagination).toEqual({ page: 2, page_size: 1, total: 2, has_more: false, next_page: null })
  })

  test('needs a person, an ordered range of at most 31 days and a known category', async () => {
    const missing = await acme.ro.get('/activity/records')
    expect(missing.status).toBe(400)
    expect(missing.body.error.details.errors).toEqual([{ field: 'user_id', message: 'is required' }])
    const inverted = await acme.ro.get(`/activity/records?user_id=${org.users.alice}&from=${Y}&to=${addDays(Y, -1)}`)
    expect(inverted.body.error.details.errors).toEqual([{ field: 'from', message: 'must be on or before to' }])
    const long = await acme.ro.get(`/activity/records?user_id=${org.users.alice}&from=${addDays(Y, -40)}&to=${Y}`)
    expect(long.status).toBe(400)
    expect(long.body.error.message).toBe('A request covers at most 31 days.')
    const category = await acme.ro.get(`/activity/records?user_id=${org.users.alice}&category=fun`)
    expect(category.body.error.details.errors).toEqual([{ field: 'category', message: 'must be one of: productive, neutral, unproductive' }])
  })

  test('answers 404 for another tenant’s person', async () => {
    const res = await acme.ro.get(`/activity/records?user_id=${otherOrg.users.alice}`)
    expect(res.status).toBe(404)
    expect(res.body.error.message).toBe('User not found.')
  })
})

describe('GET /api/v1/activity/hourly', () => {
  test('splits the day into 24 local hours by category, with the time clocked in', async () => {
    const res = await acme.ro.get(`/activity/hourly?user_id=${org.users.alice}&date=${Y}`)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ user_id: org.users.alice, date: Y, timezone: 'UTC' })
    expect(res.body.hours).toHaveLength(24)
    const hour = (h: number) => res.body.hours[h]
    expect(hour(9)).toEqual({ hour: 9, productive_seconds: 600, neutral_seconds: 300, unproductive_seconds: 0, idle_seconds: 0, clocked_in_seconds: 3600 })
    expect(hour(10)).toEqual({ hour: 10, productive_seconds: 0, neutral_seconds: 240, unproductive_seconds: 0, idle_seconds: 660, clocked_in_seconds: 3600 })
    expect(hour(11)).toMatchObject({ unproductive_seconds: 300 })
    expect(hour(14)).toMatchObject({ idle_seconds: 60 })
    expect(res.body.hours.map((h: any) => h.clocked_in_seconds)).toEqual(Array.from({ length: 24 }, (_, h) => (h >= 8 && h < 17 ? 3600 : 0)))
  })

  test('needs the person, and answers 404 for another tenant’s', async () => {
    expect((await acme.ro.get(`/activity/hourly?date=${Y}`)).body.error.details.errors).toEqual([{ field: 'user_id', message: 'is required' }])
    expect((await acme.ro.get(`/activity/hourly?user_id=${otherOrg.users.alice}`)).status).toBe(404)
  })
})

describe('GET /api/v1/activity/idle', () => {
  test('gives idle seconds per date and the stretches at least as long as the tenant’s idle threshold', async () => {
    const res = await acme.ro.get(`/activity/idle?user_id=${org.users.alice}&from=${addDays(Y, -1)}&to=${Y}`)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      user_id: org.users.alice,
      from: addDays(Y, -1),
      to: Y,
      min_seconds: 300,
      total_idle_seconds: 720,
      days: [
        { date: addDays(Y, -1), idle_seconds: 0, stretches: 0 },
        { date: Y, idle_seconds: 720, stretches: 1 },
      ],
      stretches: [{ started_at: `${Y}T10:30:00.000Z`, ended_at: `${Y}T10:41:00.000Z`, idle_seconds: 660 }],
      stretches_truncated: false,
    })
  })

  test('lists shorter stretches with min_seconds, and refuses a zero', async () => {
    const res = await acme.ro.get(`/activity/idle?user_id=${org.users.alice}&from=${Y}&min_seconds=30`)
    expect(res.body.stretches.map((s: any) => s.idle_seconds)).toEqual([660, 60])
    const zero = await acme.ro.get(`/activity/idle?user_id=${org.users.alice}&min_seconds=0`)
    expect(zero.status).toBe(400)
    expect(zero.body.error.details.errors).toEqual([{ field: 'min_seconds', message: 'must be an integer at least 1 and at most 86400' }])
  })

  test('answers 404 for another tenant’s person', async () => {
    expect((await acme.ro.get(`/activity/idle?user_id=${otherOrg.users.bob}`)).status).toBe(404)
  })
})

describe('activity a manager token sees', () => {
  test('a token bound to a manager summarises and reads the teams they manage only', async () => {
    const carol = await boundToken(server, acme.tenant, org.users.carol)
    const summary = await carol.get(`/activity/summary?date=${Y}`)
    expect(summary.body.users.map((u: any) => u.name)).toEqual(['Alice', 'Carol'])
    expect(summary.body.total_hours).toBe(11)
    expect((await carol.get(`/activity/summary?team_id=${org.teams.support}`)).status).toBe(403)
    expect((await carol.get(`/activity/hourly?user_id=${org.users.alice}&date=${Y}`)).status).toBe(200)
    for (const path of ['records', 'hourly', 'idle']) {
      const res = await carol.get(`/activity/${path}?user_id=${org.users.bob}`)
      expect(`${path} ${res.status} ${res.body.error?.code}`).toBe(`${path} 403 forbidden`)
    }
  })
})
