/**
 * The ActivityWatch bridge end to end: an aw-server filled through its REST API by aw-client (npm,
 * the real client code), the bridge reading it, a real workforce server receiving the samples.
 *
 * The aw-server here is a STAND-IN (test/helpers/aw-server-standin.ts): the real aw-server cannot
 * be installed from what CI reaches (npm and Debian packages only); the stand-in serves the
 * documented bucket, event and settings API with the shapes of the API docs and of aw-client.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { randomUUID } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { AWClient, type IEvent } from 'aw-client'
import type { AgentSample } from '../../src/agent/collector'
import { ActivityWatchSource, decodeCursor } from '../../src/agent/sources/activitywatch'
import { startAwStandin, type AwStandin } from '../helpers/aw-server-standin'
import { createKeyFixture, createTenantFixture, createUserFixture } from '../helpers/fixtures'
import { startServer, type TestServer } from '../helpers/server'

const MIN = 60_000
const HOST = 'laptop-7'
const WINDOW = `aw-watcher-window_${HOST}`
const AFK = `aw-watcher-afk_${HOST}`

// What must never reach workforce: titles and URLs of every event, shared or not.
const SECRETS = [
  'acme-secret-merger.ts',
  'Pull request #42 · acme/payroll',
  'github.com/acme/payroll/pull/42',
  'r/confessions',
  'reddit.com/r/confessions',
  'Q3 layoffs plan',
  'MyBank - Account 12345',
  'mybank.example/accounts/12345',
  'general | Acme',
  'diary-2026.md',
]

let aw: AwStandin
let server: TestServer
let agentKey: string
let readKey: string
let userId: string
let t0: number
let end: number

/** The employee's ActivityWatch categories, as aw-webui stores them in the `classes` setting. */
const CLASSES = [
  { id: 0, name: ['Work'], rule: { type: 'regex', regex: 'Docs|LibreOffice' } },
  { id: 1, name: ['Work', 'Programming'], rule: { type: 'regex', regex: 'Visual Studio Code|GitHub' } },
  { id: 2, name: ['Personal'], rule: { type: 'regex', regex: 'reddit|netflix', ignore_case: true } },
  { id: 3, name: ['Personal', 'Banking'], rule: { type: 'regex', regex: 'MyBank' } },
  { id: 4, name: ['Media'], rule: { type: 'none' } },
  // As deep as Work>Programming and later in the list: wins for "diary… — Visual Studio Code".
  { id: 5, name: ['Personal', 'Journal'], rule: { type: 'regex', regex: '(?i)DIARY' } },
]

const at = (minutes: number) => new Date(t0 + minutes * MIN)
const win = (from: number, to: number, app: string, title: string, url?: string): IEvent => ({
  timestamp: at(from),
  duration: ((to - from) * MIN) / 1000,
  data: url ? { app, title, url } : { app, title },
})
const afk = (from: number, to: number, status: 'afk' | 'not-afk') => ({ timestamp: at(from), duration: ((to - from) * MIN) / 1000, data: { status } })

beforeAll(async () => {
  aw = startAwStandin({ hostname: HOST })
  t0 = Math.floor((Date.now() - 4 * 60 * MIN) / MIN) * MIN
  end = t0 + 135 * MIN

  // Filled the way the watchers and aw-webui do it: through aw-client, over the REST API.
  const client = new AWClient('workforce-bridge-test', { baseURL: aw.url })
  await client.ensureBucket(WINDOW, 'currentwindow', HOST)
  await client.ensureBucket(AFK, 'afkstatus', HOST)
  expect(await client.ensureBucket(WINDOW, 'currentwindow', HOST)).toEqual({ alreadyExist: true })
  // Another host's buckets synced to this server, and a browser watcher with URLs: never read.
  await client.ensureBucket('aw-watcher-window_other-pc', 'currentwindow', 'other-pc')
  await client.insertEvents('aw-watcher-window_other-pc', [win(0, 60, 'Steam', 'Steam')])
  await client.ensureBucket(`aw-watcher-web-firefox_${HOST}`, 'web.tab.current', HOST)
  await client.insertEvents(`aw-watcher-web-firefox_${HOST}`, [
    { timestamp: at(20), duration: 600, data: { url: 'https://github.com/acme/payroll/pull/42', title: 'x' } },
  ])
  await client.set_setting('classes', CLASSES)

  await client.insertEvents(WINDOW, [
    win(0, 20, 'Code', 'acme-secret-merger.ts — Visual Studio Code'), // Work>Programming
    win(20, 30, 'Firefox', 'Pull request #42 · acme/payroll · GitHub — Mozilla Firefox', 'https://github.com/acme/payroll/pull/42'), // Work>Programming
    win(30, 40, 'Firefox', 'r/confessions - Reddit — Mozilla Firefox', 'https://www.reddit.com/r/confessions'), // Personal: not shared
    win(40, 50, 'soffice', 'Q3 layoffs plan.odt - LibreOffice Writer'), // Work
    win(50, 55, 'Firefox', 'MyBank - Account 12345 — Mozilla Firefox', 'https://mybank.example/accounts/12345'), // Personal>Banking: not shared
    win(55, 60, 'Slack', 'general | Acme - Slack'), // Uncategorized: not shared
    win(60, 125, 'Code', 'payroll.ts — Visual Studio Code'), // Work>Programming, 65 minutes
    win(125, 130, 'Code', 'diary-2026.md — Visual Studio Code'), // Personal>Journal (a tie in depth: the later rule wins): not shared
    win(130, 135, 'Code', 'payroll.test.ts — Visual Studio Code'), // Work>Programming
  ])
  // The afk watcher: away from 15 to 20 (idle), no report at all from 100 to 105 (asleep: dropped).
  await client.insertEvents(AFK, [afk(0, 15, 'not-afk'), afk(15, 20, 'afk'), afk(20, 100, 'not-afk'), afk(105, 135, 'not-afk')])
  // The last minutes arrive as heartbeats merged into the last event, as aw-watcher-afk sends them.
  await client.heartbeat(AFK, 60, { timestamp: at(135), duration: 0, data: { status: 'not-afk' } })

  server = await startServer()
  const tenant = await createTenantFixture(server)
  const employee = await createUserFixture(server, tenant.tenant, { role: 'employee' })
  userId = employee.id
  agentKey = (await createKeyFixture(server, tenant.tenant, { kind: 'live', user: employee.email })).key
  readKey = (await createKeyFixture(server, tenant.tenant, { kind: 'api', role: 'admin', scope: 'read' })).key
})

afterAll(async () => {
  aw?.stop()
  await server?.stop()
})

/** A minimal sender: what the agent's spool does with a pulled batch (client API, batch id). */
async function send(samples: AgentSample[]): Promise<void> {
  for (let i = 0; i < samples.length; i += 1000) {
    const res = await fetch(`${server.url}/api/v1/client/activity/samples`, {
      method: 'POST',
      headers: { authorization: `Bearer ${agentKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        batch_id: randomUUID(),
        samples: samples.slice(i, i + 1000).map((s) => ({
          application: s.application,
          window_class: s.windowClass,
          started_at: new Date(s.startedAt).toISOString(),
          duration_seconds: s.durationSeconds,
          idle: s.idle,
        })),
      }),
    })
    const body = (await res.json()) as { accepted: number; rejected: number }
    expect(res.status).toBe(200)
    expect(body.rejected).toBe(0)
  }
}

/** What workforce stored, per application: active and idle seconds, through the REST API. */
async function stored(): Promise<Record<string, { active: number; idle: number }>> {
  const from = new Date(t0).toISOString().slice(0, 10)
  const to = new Date().toISOString().slice(0, 10)
  const res = await fetch(`${server.url}/api/v1/activity/records?user_id=${userId}&from=${from}&to=${to}&page_size=100`, {
    headers: { authorization: `Bearer ${readKey}` },
  })
  expect(res.status).toBe(200)
  const body = (await res.json()) as { data: { application: string; active_seconds: number; idle_seconds: number }[] }
  const out: Record<string, { active: number; idle: number }> = {}
  for (const r of body.data) {
    const o = (out[r.application] ??= { active: 0, idle: 0 })
    o.active += r.active_seconds
    o.idle += r.idle_seconds
  }
  return out
}

describe('ActivityWatch bridge (over an aw-server stand-in) into a real workforce server', () => {
  let cursor: string | null = null
  const pulled: AgentSample[] = []

  test('first run: shared categories only, active and idle from the afk watcher, cursor mid-event', async () => {
    const source = new ActivityWatchSource({ url: aw.url, shared: ['Work', 'Work>Programming'], since: t0 - 10 * MIN })
    // The agent pulls at minute 70, in the middle of the long Code stretch.
    const first = await source.pull(null, t0 + 70 * MIN)
    expect(first.samples.length).toBeGreaterThan(0)
    expect(first.samples.every((s) => s.startedAt + s.durationSeconds * 1000 <= t0 + 70 * MIN)).toBe(true)
    expect(decodeCursor(first.cursor!)).toEqual({ v: 1, through: t0 + 70 * MIN, window: WINDOW, afk: AFK })
    // Samples carry only the contract's fields: the application and no title, URL or category.
    for (const s of first.samples) expect(Object.keys(s).sort()).toEqual(['application', 'durationSeconds', 'idle', 'startedAt', 'windowClass'])
    await send(first.samples)
    pulled.push(...first.samples)
    cursor = first.cursor
    expect(await stored()).toEqual({
      Code: { active: 15 * 60 + 10 * 60, idle: 5 * 60 },
      Firefox: { active: 10 * 60, idle: 0 },
      soffice: { active: 10 * 60, idle: 0 },
    })
  })

  test('after a restart a new instance resumes from the stored cursor and sends nothing twice', async () => {
    const restarted = new ActivityWatchSource({ url: aw.url, shared: ['Work', 'Work>Programming'] })
    const second = await restarted.pull(cursor, Date.now())
    expect(second.samples.every((s) => s.startedAt >= t0 + 70 * MIN)).toBe(true)
    // Up to where both watchers have reported, not up to now.
    expect(decodeCursor(second.cursor!).through).toBe(end)
    await send(second.samples)
    pulled.push(...second.samples)
    // Code: 0-15 active, 15-20 idle, 60-100 and 105-125 and 130-135 active (100-105 unreported, 125-130 Personal).
    expect(await stored()).toEqual({
      Code: { active: (15 + 40 + 20 + 5) * 60, idle: 5 * 60 },
      Firefox: { active: 10 * 60, idle: 0 },
      soffice: { active: 10 * 60, idle: 0 },
    })
    // No sample longer than an hour; none overlapping another.
    expect(pulled.every((s) => s.durationSeconds >= 1 && s.durationSeconds <= 3600)).toBe(true)
    const sorted = [...pulled].sort((a, b) => a.startedAt - b.startedAt)
    for (let i = 1; i < sorted.length; i++)
      expect(sorted[i]!.startedAt).toBeGreaterThanOrEqual(sorted[i - 1]!.startedAt + sorted[i - 1]!.durationSeconds * 1000 - 1000)

    // Nothing new in ActivityWatch: the next pull sends nothing and keeps the cursor.
    const third = await new ActivityWatchSource({ url: aw.url, shared: ['Work'] }).pull(second.cursor, Date.now())
    expect(third).toEqual({ samples: [], cursor: second.cursor })
  })

  test('an event still growing is read up to where the watchers have reported, the rest next time', async () => {
    const client = new AWClient('workforce-bridge-test', { baseURL: aw.url })
    const source = new ActivityWatchSource({ url: aw.url, shared: ['Work>*'] })
    let cursor2 = (await source.pull(null, end)).cursor // a first run of this instance: its own cursor at `end`
    expect(decodeCursor(cursor2!).through).toBe(end)
    // aw-watcher-window keeps the same window as heartbeats; aw-watcher-afk as well.
    await client.heartbeat(WINDOW, 120, { timestamp: at(135), duration: 0, data: { app: 'Code', title: 'payroll.test.ts — Visual Studio Code' } })
    await client.heartbeat(WINDOW, 120, { timestamp: at(137), duration: 0, data: { app: 'Code', title: 'payroll.test.ts — Visual Studio Code' } })
    const a = await source.pull(cursor2, Date.now())
    // The afk watcher has not reported past 135 yet: nothing is final.
    expect(a.samples).toEqual([])
    await client.heartbeat(AFK, 120, { timestamp: at(137), duration: 0, data: { status: 'not-afk' } })
    const b = await source.pull(a.cursor, Date.now())
    expect(b.samples).toEqual([{ application: 'Code', windowClass: 'Code', startedAt: t0 + 135 * MIN, durationSeconds: 120, idle: false }])
    cursor2 = b.cursor
    expect(decodeCursor(cursor2!).through).toBe(t0 + 137 * MIN)
  })

  test('private mode: the pulled stretch is reported as "Private", without a window class', async () => {
    let privateMode = true
    const source = new ActivityWatchSource({ url: aw.url, shared: ['Work>*'], since: t0, isPrivate: () => privateMode })
    const hidden = await source.pull(null, t0 + 30 * MIN)
    expect(hidden.samples.length).toBeGreaterThan(0)
    expect(new Set(hidden.samples.map((s) => `${s.application}/${s.windowClass}`))).toEqual(new Set(['Private/null']))
    privateMode = false
    const shown = await source.pull(hidden.cursor, t0 + 50 * MIN)
    expect(new Set(shown.samples.map((s) => s.application))).toEqual(new Set(['soffice']))
  })

  test('no title or URL reached workforce: not in its database files, not in its API answers', async () => {
    const files = readdirSync(server.dataDir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile())
    expect(files.some((f) => f.name === 'workforce.db')).toBe(true)
    const haystacks = files.map((f) => ({ name: f.name, text: readFileSync(join(f.parentPath, f.name)).toString('latin1') }))
    // The check can fail: the application names that were sent are in the same files.
    expect(haystacks.some((h) => h.text.includes('soffice'))).toBe(true)
    for (const secret of SECRETS) {
      const latin1 = Buffer.from(secret, 'utf8').toString('latin1')
      for (const h of haystacks) expect({ file: h.name, found: h.text.includes(latin1) ? secret : null }).toEqual({ file: h.name, found: null })
    }
    const answers = JSON.stringify(await stored()) + server.output()
    for (const secret of SECRETS) expect(answers.includes(secret)).toBe(false)
    // And the bridge never asked for the browser watcher's bucket (where URLs are).
    expect(aw.requests.filter((r) => r.startsWith('GET') && r.includes('aw-watcher-web'))).toEqual([])
    expect(aw.requests.filter((r) => r.startsWith('GET') && r.includes('other-pc'))).toEqual([])
  })
})
