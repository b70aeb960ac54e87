import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { DAY, HOUR, addDays, localDate, toIso } from '../../src/kernel/time'
import { newId } from '../../src/kernel/ids'
import { api, startWorld, type Person, type TenantWorld, type World } from './world'

let world: World
let acme: TenantWorld
const TZ = 'Asia/Tokyo'

beforeAll(async () => {
  world = await startWorld()
  acme = await world.tenant({ timezone: TZ })
})
afterAll(() => world.close())

const sqlite = () => world.rt.handle.sqlite
const sample = (application: string, startedAt: number, duration = 60, idle = false, windowClass: string | null = null) => ({
  application,
  window_class: windowClass,
  started_at: toIso(startedAt),
  duration_seconds: duration,
  idle,
})
const upload = (who: Person, samples: unknown[], batchId: string = newId(), extra: Record<string, unknown> = {}) =>
  api(world.server, who.key).post('/activity/samples', { batch_id: batchId, samples, ...extra })
const storedOf = (who: Person) =>
  sqlite()
    .query('select application, category, local_date, is_idle, duration_seconds from activity_samples where user_id = ? order by started_at')
    .all(who.id) as {
    application: string
    category: string
    local_date: string
    is_idle: number
    duration_seconds: number
  }[]

describe('ingest_activity_samples', () => {
  test('stores samples classified by the built-in defaults of the work profile, dated in the tenant zone', async () => {
    const eng = acme.addUser({ name: 'eng', profile: 'engineering' })
    const t0 = Date.now() - 2 * HOUR
    const res = await upload(eng, [
      sample('Visual Studio Code', t0, 600, false, 'com.microsoft.VSCode'),
      sample('iTerm2', t0 + 600_000, 120),
      sample('Slack', t0 + 720_000, 60),
      sample('YouTube - Google Chrome', t0 + 780_000, 60),
      sample('Calculator', t0 + 840_000, 60),
    ])
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ accepted: 5, rejected: 0, rejections: [], duplicate: false })
    const stored = storedOf(eng)
    expect(stored.map((s) => s.category)).toEqual(['productive', 'productive', 'neutral', 'unproductive', 'neutral'])
    expect(stored[0]!.local_date).toBe(localDate(t0, TZ))
  })

  test('what is productive depends on the profile: Figma for design, Zendesk for support, Salesforce for sales', async () => {
    const t0 = Date.now() - HOUR
    const apps = ['Figma', 'Zendesk', 'Salesforce', 'Visual Studio Code']
    const categoriesFor = async (profile: 'design' | 'support' | 'sales') => {
      const who = acme.addUser({ profile })
      await upload(
        who,
        apps.map((a, i) => sample(a, t0 + i * 60_000)),
      )
      return storedOf(who).map((s) => s.category)
    }
    expect(await categoriesFor('design')).toEqual(['productive', 'neutral', 'neutral', 'neutral'])
    expect(await categoriesFor('support')).toEqual(['neutral', 'productive', 'neutral', 'neutral'])
    expect(await categoriesFor('sales')).toEqual(['neutral', 'neutral', 'productive', 'neutral'])
  })

  test("the tenant's category rules win over the defaults, in priority order, per work profile", async () => {
    const rule = sqlite().prepare(
      'insert into category_rules (id, tenant_id, match_field, pattern, category, work_profile, priority, created_at) values (?, ?, ?, ?, ?, ?, ?, ?)',
    )
    rule.run(newId(), acme.id, 'application', 'youtube', 'productive', 'sales', 10, Date.now())
    rule.run(newId(), acme.id, 'window_class', 'COM.VALVESOFTWARE', 'neutral', null, 20, Date.now())
    rule.run(newId(), acme.id, 'window_class', 'com.valvesoftware', 'productive', null, 30, Date.now())
    const seller = acme.addUser({ profile: 'sales' })
    const coder = acme.addUser({ profile: 'engineering' })
    const t0 = Date.now() - HOUR
    const batch = [sample('YouTube', t0), sample('Steam', t0 + 60_000, 60, false, 'com.valvesoftware.steam')]
    await upload(seller, batch)
    await upload(coder, batch)
    expect(storedOf(seller).map((s) => s.category)).toEqual(['productive', 'neutral'])
    expect(storedOf(coder).map((s) => s.category)).toEqual(['unproductive', 'neutral'])
  })

  test('a retried batch counts once and answers the first result with duplicate: true', async () => {
    const who = acme.addUser()
    const t0 = Date.now() - 3 * HOUR
    const batch = [sample('Visual Studio Code', t0), sample('Netflix', Date.now() - 8 * DAY)]
    const first = await upload(who, batch, 'retry-me-1')
    const second = await upload(who, batch, 'retry-me-1')
    expect(first.body).toMatchObject({ accepted: 1, rejected: 1, duplicate: false })
    expect(second.status).toBe(200)
    expect(second.body).toEqual({ ...first.body, duplicate: true })
    expect(storedOf(who)).toHaveLength(1)
    // The same batch id from another user is a different batch.
    const other = acme.addUser()
    expect((await upload(other, batch, 'retry-me-1')).body.duplicate).toBe(false)
  })

  test('accepts late samples in any order, and refuses too-old and future ones one by one', async () => {
    const who = acme.addUser()
    const now = Date.now()
    const res = await upload(who, [
      sample('Xcode', now - 1 * HOUR),
      sample('Xcode', now - 6 * DAY),
      sample('Xcode', now - 3 * DAY),
      sample('Xcode', now - 8 * DAY),
      sample('Xcode', now + 2 * HOUR),
    ])
    expect(res.body).toMatchObject({
      accepted: 3,
      rejected: 2,
      rejections: [
        { index: 3, reason: 'too_old' },
        { index: 4, reason: 'in_future' },
      ],
    })
    expect(storedOf(who).map((s) => s.local_date)).toEqual([localDate(now - 6 * DAY, TZ), localDate(now - 3 * DAY, TZ), localDate(now - HOUR, TZ)])
  })

  test('validates every field and caps a batch at 1000 samples', async () => {
    const who = acme.addUser()
    const t0 = Date.now() - HOUR
    const cases: [unknown[], string][] = [
      [[{ ...sample('A', t0), duration_seconds: 0 }], 'duration_seconds'],
      [[{ ...sample('A', t0), duration_seconds: 1.5 }], 'duration_seconds'],
      [[{ ...sample('A', t0), application: '' }], 'application'],
      [[{ ...sample('A', t0), started_at: 'yesterday' }], 'started_at'],
      [[{ ...sample('A', t0), idle: 'no' }], 'idle'],
      [[], 'samples'],
      [Array.from({ length: 1001 }, (_, i) => sample('A', t0 + i * 1000, 1)), 'samples'],
    ]
    for (const [samples, field] of cases) {
      const res = await upload(who, samples)
      expect(res.status).toBe(400)
      expect(res.body.error.code).toBe('invalid_argument')
      expect(JSON.stringify(res.body.error.details)).toContain(field)
    }
    expect((await upload(who, [sample('A', t0)], 'bad id with spaces')).status).toBe(400)
    expect(
      (
        await upload(
          who,
          Array.from({ length: 1000 }, (_, i) => sample('A', t0 + i * 1000, 1)),
        )
      ).body.accepted,
    ).toBe(1000)
  })

  test('keeps no more than the privacy model: extra fields such as URLs and titles are never stored', async () => {
    const who = acme.addUser()
    const res = await upload(who, [
      { ...sample('Firefox', Date.now() - HOUR), url: 'https://secret.example/doc', window_title: 'Salary review.xlsx', keystrokes: 412 },
    ])
    expect(res.status).toBe(200)
    const row = sqlite().query('select * from activity_samples where user_id = ?').get(who.id) as Record<string, unknown>
    expect(JSON.stringify(row)).not.toContain('secret.example')
    expect(JSON.stringify(row)).not.toContain('Salary')
  })

  test("a session id must be the caller's; a refused batch stores nothing and can be retried", async () => {
    const who = acme.addUser()
    const res = await upload(who, [sample('Xcode', Date.now() - HOUR)], 'with-session', { session_id: newId() })
    expect(res.status).toBe(404)
    expect(storedOf(who)).toHaveLength(0)
    expect((await upload(who, [sample('Xcode', Date.now() - HOUR)], 'with-session')).body).toMatchObject({ accepted: 1, duplicate: false })
  })
})

describe('idle.detected', () => {
  const idleRun = (start: number, pieces: number[]) => {
    let t = start
    return pieces.map((d) => {
      const s = sample('loginwindow', t, d, true)
      t += d * 1000
      return s
    })
  }

  test('fires once per idle stretch beyond the threshold, even across batches', async () => {
    const who = acme.addUser()
    const t0 = Date.now() - 5 * HOUR
    // 200 s idle: under the 300 s threshold.
    await upload(who, idleRun(t0, [200]))
    expect(acme.events('idle.detected').filter((e) => e.userId === who.id)).toHaveLength(0)
    // The stretch continues in the next batch and crosses the threshold: one event for 400 s.
    await upload(who, idleRun(t0 + 200_000, [100, 100]))
    // It goes on: still the same stretch, no second event.
    await upload(who, idleRun(t0 + 400_000, [600]))
    const events = acme.events('idle.detected').filter((e) => e.userId === who.id)
    expect(events).toEqual([{ userId: who.id, userEmail: who.email, startedAt: toIso(t0), idleSeconds: 400, thresholdSeconds: 300 }])
  })

  test('activity between idle samples breaks the stretch; a late batch that joins two short stretches fires once', async () => {
    const who = acme.addUser()
    const t0 = Date.now() - 4 * HOUR
    await upload(who, [...idleRun(t0, [120]), sample('Xcode', t0 + 120_000, 60), ...idleRun(t0 + 180_000, [250])])
    expect(acme.events('idle.detected').filter((e) => e.userId === who.id)).toHaveLength(0)
    await upload(who, [...idleRun(t0 + 600_000, [200]), ...idleRun(t0 + 1_000_000, [200])])
    expect(acme.events('idle.detected').filter((e) => e.userId === who.id)).toHaveLength(0)
    // The gap 800 s..1,000 s arrives late and joins 200 + 200 + 200 idle seconds.
    await upload(who, idleRun(t0 + 800_000, [200]))
    const events = acme.events('idle.detected').filter((e) => e.userId === who.id)
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({ startedAt: toIso(t0 + 600_000), idleSeconds: 600 })
  })
})

describe('late samples and daily summaries', () => {
  test('late samples on an already summarised day re-summarise it, so the summary equals its samples', async () => {
    const who = acme.addUser()
    const day = addDays(localDate(Date.now(), TZ), -2)
    const noon = Date.parse(`${day}T03:00:00Z`) // 12:00 in Tokyo
    await upload(who, [sample('Xcode', noon, 1800), sample('Reddit', noon + 1_800_000, 600)])
    const run = await world.server.cli(['jobs', 'run', 'activity.daily_summaries', '--tenant', acme.fixture.tenant, '--date', day])
    expect(run.code).toBe(0)
    const summary = () =>
      sqlite()
        .query(
          'select total_seconds, productive_seconds, unproductive_seconds, idle_seconds, score, sample_count from daily_activity_summaries where user_id = ? and date = ?',
        )
        .get(who.id, day)
    expect(summary()).toMatchObject({ total_seconds: 2400, productive_seconds: 1800, score: 75, sample_count: 2 })
    const summariesBefore = acme.events('activity.daily_summary').filter((e) => e.userId === who.id).length

    await upload(who, [sample('Xcode', noon + 7_200_000, 1200), sample('loginwindow', noon + 8_400_000, 600, true)])
    const totals = sqlite()
      .query(
        "select sum(duration_seconds) total, sum(case when category = 'productive' and is_idle = 0 then duration_seconds else 0 end) productive, count(*) n from activity_samples where user_id = ? and local_date = ?",
      )
      .get(who.id, day) as { total: number; productive: number; n: number }
    expect(summary()).toMatchObject({
      total_seconds: totals.total,
      productive_seconds: totals.productive,
      idle_seconds: 600,
      sample_count: totals.n,
      score: 83,
    })
    expect(acme.events('activity.daily_summary').filter((e) => e.userId === who.id).length).toBe(summariesBefore + 1)
  })
})
