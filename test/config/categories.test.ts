import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { randomUUID } from 'node:crypto'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { startServer, type TestServer } from '../helpers/server'
import { createKeyFixture, createPersonFixture, createTenantFixture, type TenantFixture } from '../helpers/fixtures'
import { callTool, mcpClient } from '../helpers/mcp'
import { restClient, type RestClient } from '../rest/helpers/api'

// Fifteen real CLI processes in one test: 5 s (the default) is not enough on a loaded 2-core box.
setDefaultTimeout(120_000)

/*
 * App categories through the real CLI (`workforce categories …`), samples through the real client
 * API, answers through REST /api/v1/activity/summary and MCP get_productivity_overview. Every
 * expected figure below is computed by hand from the samples in the comments.
 */

let server: TestServer
let fx: TenantFixture
let rest: RestClient
let mcp: Client
let alice: { id: string; email: string; key: string }
let bob: { id: string; email: string; key: string }

const DAY = 86_400_000
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const today = isoDate(Date.now())
const D1 = isoDate(Date.now() - 2 * DAY) // summarised by the daily job before any rule
const D2 = isoDate(Date.now() - 1 * DAY) // never summarised: answers read its samples

type S = [application: string, seconds: number, idle?: boolean]

async function upload(key: string, date: string, samples: S[]) {
  let at = Date.parse(`${date}T09:00:00Z`)
  const body = {
    batch_id: randomUUID(),
    samples: samples.map(([application, seconds, idle]) => {
      const s = { application, started_at: new Date(at).toISOString(), duration_seconds: seconds, idle: idle ?? false }
      at += seconds * 1000
      return s
    }),
  }
  const res = await fetch(`${server.url}/api/v1/client/activity/samples`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const out = (await res.json()) as { accepted: number; rejected: number }
  if (res.status !== 200 || out.rejected !== 0) throw new Error(`upload failed: ${res.status} ${JSON.stringify(out)}`)
}

const cli = async (args: string[]) => {
  const res = await server.cli([...args, '--tenant', fx.tenant])
  return res
}
const cliJson = async <T = any>(args: string[]): Promise<T> => {
  const res = await cli([...args, '--json'])
  if (res.code !== 0) throw new Error(`${args.join(' ')} failed: ${res.stdout} ${res.stderr}`)
  return JSON.parse(res.stdout) as T
}

interface DayFigures {
  productive_seconds: number
  neutral_seconds: number
  unproductive_seconds: number
  idle_seconds: number
  productivity_score: number | null
}
async function dayOf(userId: string, date: string): Promise<DayFigures> {
  const res = await rest.get(`/activity/summary?date=${date}`)
  expect(res.status).toBe(200)
  const u = (res.body.users as (DayFigures & { user_id: string })[]).find((x) => x.user_id === userId)!
  const { productive_seconds, neutral_seconds, unproductive_seconds, idle_seconds, productivity_score } = u
  return { productive_seconds, neutral_seconds, unproductive_seconds, idle_seconds, productivity_score }
}
const day = (p: number, n: number, u: number, idle = 0): DayFigures => ({
  productive_seconds: p,
  neutral_seconds: n,
  unproductive_seconds: u,
  idle_seconds: idle,
  productivity_score: p + n + u === 0 ? null : Math.round((100 * p) / (p + n + u)),
})

/** The MCP answer for a person over the period that contains D1, against the days of that period summed by hand. */
async function overviewMatches(userId: string, expected: Record<string, DayFigures>) {
  const dow = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7 // 0 = Monday
  const monday = isoDate(Date.parse(`${today}T00:00:00Z`) - dow * DAY)
  const period = D1 >= monday ? 'this_week' : 'last_week'
  const inPeriod = Object.entries(expected).filter(([d]) => (period === 'this_week' ? d >= monday : d < monday))
  const p = inPeriod.reduce((a, [, f]) => a + f.productive_seconds, 0)
  const active = inPeriod.reduce((a, [, f]) => a + f.productive_seconds + f.neutral_seconds + f.unproductive_seconds, 0)
  const r = await callTool(mcp, 'get_productivity_overview', { user_id: userId, period })
  expect(r.isError).toBe(false)
  expect(r.structured.productiveSeconds).toBe(p)
  expect(r.structured.totalSeconds).toBe(active)
  expect(r.structured.score).toBe(Math.round((100 * p) / active))
}

async function auditActions(): Promise<string[]> {
  const out = await cliJson<{ data: { action: string; entity: string }[] }>(['audit', 'list', '--entity', 'category_rule'])
  return out.data.map((e) => e.action)
}

beforeAll(async () => {
  server = await startServer()
  fx = await createTenantFixture(server, { timezone: 'UTC' })
  alice = await createPersonFixture(server, fx.tenant, { team: 'Alpha', name: 'Alice Alpha' })
  bob = await createPersonFixture(server, fx.tenant, { team: 'Beta', name: 'Bob Beta' })
  const { key } = await createKeyFixture(server, fx.tenant, { kind: 'api', role: 'admin', scope: 'read' })
  rest = restClient(server, key)
  mcp = await mcpClient(server.url, fx.ownerKey)
  // Work profile "operations" (the default): Slack neutral, Excel productive, YouTube and Reddit unproductive.
  await upload(alice.key, D1, [
    ['Slack', 3600],
    ['Excel', 1800],
    ['YouTube', 600],
    ['Excel', 300, true],
  ])
  await upload(alice.key, D2, [
    ['Slack', 1200],
    ['Excel', 2400],
  ])
  await upload(bob.key, D1, [
    ['Slack', 2400],
    ['Excel', 1200],
    ['Reddit', 1200],
  ])
  await upload(bob.key, D2, [
    ['Slack', 600],
    ['Excel', 600],
  ])
  const job = await server.cli(['jobs', 'run', 'activity.daily_summaries', '--tenant', fx.tenant, '--date', D1])
  expect(job.code).toBe(0)
}, 120_000)

afterAll(async () => {
  await mcp?.close()
  await server?.stop()
})

describe('workforce categories', () => {
  let tenantRuleId = ''
  let teamRuleId = ''

  test('before any rule: built-in defaults of the operations profile', async () => {
    expect(await dayOf(alice.id, D1)).toEqual(day(1800, 3600, 600, 300)) // 1800 / 6000 = 30
    expect(await dayOf(alice.id, D2)).toEqual(day(2400, 1200, 0)) // 2400 / 3600 = 67
    expect(await dayOf(bob.id, D1)).toEqual(day(1200, 2400, 1200)) // 25
    const list = await cliJson<{ data: unknown[] }>(['categories', 'list'])
    expect(list.data).toEqual([])
  })

  test('preview shows the draft against today without saving anything', async () => {
    const before = { d1: await dayOf(alice.id, D1), audit: await auditActions() }
    const out = await cliJson(['categories', 'preview', '--add', JSON.stringify([{ pattern: 'slack', category: 'productive' }])])
    expect(out.saved).toBe(false)
    expect(out.to).toBe(D2)
    // Active seconds of both people over D1 and D2: P 1800+2400+1200+600 = 6000; N (Slack) 3600+1200+2400+600 = 7800; U 600+1200 = 1800.
    expect(out.current).toEqual({ productive_seconds: 6000, neutral_seconds: 7800, unproductive_seconds: 1800, idle_seconds: 300, score: 38 }) // 6000/15600
    expect(out.draft).toEqual({ productive_seconds: 13800, neutral_seconds: 0, unproductive_seconds: 1800, idle_seconds: 300, score: 88 }) // 13800/15600
    const people = Object.fromEntries(out.people.map((p: any) => [p.email, [p.current_score, p.draft_score]]))
    expect(people).toEqual({ [alice.email]: [44, 94], [bob.email]: [30, 80] }) // alice 4200/9600 = 43.75, 9000/9600 = 93.75; bob 1800/6000, 4800/6000
    expect(out.teams.map((t: any) => [t.name, t.current_score, t.draft_score])).toEqual([
      ['Alpha', 44, 94],
      ['Beta', 30, 80],
    ])
    expect(out.changed_applications).toEqual([
      { application: 'Slack', window_class: null, current_category: 'neutral', draft_category: 'productive', seconds: 7800, people: 2 },
    ])
    // One team only.
    const beta = await cliJson(['categories', 'preview', '--team-id', 'Beta', '--add', JSON.stringify([{ pattern: 'Slack', category: 'productive' }])])
    expect(beta.people.map((p: any) => p.email)).toEqual([bob.email])
    expect(beta.draft.score).toBe(80)
    // Nothing saved: no rule, no audit row, the same answers.
    expect((await cliJson<{ data: unknown[] }>(['categories', 'list'])).data).toEqual([])
    expect(await auditActions()).toEqual(before.audit)
    expect(await dayOf(alice.id, D1)).toEqual(before.d1)
    // The human rendering names the change.
    const text = await cli(['categories', 'preview', '--add', JSON.stringify([{ pattern: 'Slack', category: 'productive' }])])
    expect(text.code).toBe(0)
    expect(text.stdout).toContain('Slack: neutral → productive')
  })

  test('a tenant rule recomputes past days: Slack productive, then edited to unproductive', async () => {
    const added = await cliJson(['categories', 'add', '--pattern', 'Slack', '--category', 'productive'])
    tenantRuleId = added.rule.rule_id
    expect(added.rule).toMatchObject({
      scope: 'tenant',
      team_id: null,
      match_field: 'application',
      match_kind: 'contains',
      pattern: 'Slack',
      category: 'productive',
    })
    // Four Slack samples (alice D1, D2, bob D1, D2); D1 is the one stored summary in the window.
    expect(added.recompute).toEqual({ from: added.recompute.from, to: today, samples_recategorized: 4, days_resummarized: 1 })
    expect(await dayOf(alice.id, D1)).toEqual(day(5400, 0, 600, 300)) // 90
    expect(await dayOf(alice.id, D2)).toEqual(day(3600, 0, 0)) // 100
    expect(await dayOf(bob.id, D1)).toEqual(day(3600, 0, 1200)) // 75

    const edited = await cliJson(['categories', 'edit', tenantRuleId, '--category', 'unproductive'])
    expect(edited.rule.category).toBe('unproductive')
    expect(edited.recompute.samples_recategorized).toBe(4)
    const a1 = day(1800, 0, 4200, 300) // 1800 / 6000 = 30
    const a2 = day(2400, 0, 1200) // 67
    expect(await dayOf(alice.id, D1)).toEqual(a1)
    expect(await dayOf(alice.id, D2)).toEqual(a2)
    expect(await dayOf(bob.id, D1)).toEqual(day(1200, 0, 3600)) // 25
    expect(a1.productivity_score).toBe(30)
    await overviewMatches(alice.id, { [D1]: a1, [D2]: a2 })
  })

  test('a team rule overrides the tenant rule for that team only', async () => {
    const added = await cliJson(['categories', 'add', '--pattern', 'slack', '--category', 'productive', '--team-id', 'Beta'])
    teamRuleId = added.rule.rule_id
    expect(added.rule).toMatchObject({ scope: 'team', team_name: 'Beta' })
    expect(added.recompute.samples_recategorized).toBe(2) // bob's two Slack samples
    const b1 = day(3600, 0, 1200) // 75
    const b2 = day(1200, 0, 0) // 100
    expect(await dayOf(bob.id, D1)).toEqual(b1)
    expect(await dayOf(bob.id, D2)).toEqual(b2)
    expect(await dayOf(alice.id, D1)).toEqual(day(1800, 0, 4200, 300)) // unchanged, 30
    await overviewMatches(bob.id, { [D1]: b1, [D2]: b2 })
    const list = await cliJson<{ data: { rule_id: string }[] }>(['categories', 'list'])
    expect(list.data.map((r) => r.rule_id)).toEqual([teamRuleId, tenantRuleId]) // team rules are tried first

    const removed = await cliJson(['categories', 'remove', teamRuleId])
    expect(removed).toMatchObject({ rule_id: teamRuleId, deleted: true })
    expect(await dayOf(bob.id, D1)).toEqual(day(1200, 0, 3600))
  })

  test('new samples are categorised at ingestion by team rules and exact window-class rules', async () => {
    const team = await cliJson(['categories', 'add', '--pattern', 'Figma', '--category', 'productive', '--team-id', 'Alpha'])
    const cls = await cliJson([
      'categories',
      'add',
      '--pattern',
      'COM.EXAMPLE.LEDGER',
      '--category',
      'unproductive',
      '--match-field',
      'window_class',
      '--match-kind',
      'exact',
    ])
    const at = new Date(Date.now() - 3_600_000).toISOString()
    const upload1 = async (key: string, application: string, window_class: string | null) => {
      const res = await fetch(`${server.url}/api/v1/client/activity/samples`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ batch_id: randomUUID(), samples: [{ application, window_class, started_at: at, duration_seconds: 600, idle: false }] }),
      })
      expect(res.status).toBe(200)
    }
    const todayOf = async (id: string) => dayOf(id, isoDate(Date.parse(at)))
    const a0 = await todayOf(alice.id)
    const b0 = await todayOf(bob.id)
    await upload1(alice.key, 'Figma', null)
    await upload1(bob.key, 'Figma', null)
    await upload1(bob.key, 'Ledger', 'com.example.ledger')
    await upload1(bob.key, 'Ledger', 'com.example.ledger.helper') // exact: not this class
    const a1 = await todayOf(alice.id)
    const b1 = await todayOf(bob.id)
    expect(a1.productive_seconds - a0.productive_seconds).toBe(600) // Alpha's team rule
    expect(b1.productive_seconds - b0.productive_seconds).toBe(0)
    expect(b1.neutral_seconds - b0.neutral_seconds).toBe(1200) // Figma and the helper: neutral by default
    expect(b1.unproductive_seconds - b0.unproductive_seconds).toBe(600)
    await cliJson(['categories', 'remove', team.rule.rule_id])
    await cliJson(['categories', 'remove', cls.rule.rule_id])
    const a2 = await todayOf(alice.id)
    expect(a2.productive_seconds).toBe(a0.productive_seconds) // today is recomputed too
  })

  test('bad input is refused with field-named errors and writes nothing', async () => {
    const before = (await cliJson<{ data: unknown[] }>(['categories', 'list'])).data
    const auditBefore = await auditActions()
    const cases: [string[], string][] = [
      [['categories', 'add', '--pattern', 'Slack', '--category', 'great'], '--category'],
      [['categories', 'add', '--category', 'neutral'], '--pattern'],
      [['categories', 'add', '--pattern', '   ', '--category', 'neutral'], 'pattern must not be blank'],
      [['categories', 'add', '--pattern', 'Zoom', '--category', 'neutral', '--match-kind', 'fuzzy'], '--match-kind'],
      [['categories', 'add', '--pattern', 'Zoom', '--category', 'neutral', '--team-id', 'Nowhere'], '--team-id: no team "Nowhere"'],
      [['categories', 'add', '--pattern', 'Zoom', '--category', 'neutral', '--team-id', randomUUID()], 'team_id names no team'],
      [['categories', 'add', '--pattern', 'slack', '--category', 'neutral'], 'pattern duplicates rule'],
      [['categories', 'edit', randomUUID(), '--category', 'neutral'], 'No category rule'],
      [['categories', 'edit', tenantRuleId, '--priority', '-3'], '--priority'],
      [['categories', 'preview', '--add', JSON.stringify([{ pattern: 'x' }])], '--add.0.category'],
      [['categories', 'preview', '--remove', randomUUID()], 'remove.0 names no category rule'],
    ]
    for (const [args, message] of cases) {
      const res = await cli(args)
      expect(res.code, args.join(' ')).not.toBe(0)
      expect(res.stderr + res.stdout, args.join(' ')).toContain(message)
    }
    const json = await cli(['categories', 'add', '--pattern', 'Slack', '--category', 'great', '--json'])
    expect(json.code).not.toBe(0)
    const err = JSON.parse(json.stdout).error
    expect(err.code).toBe('invalid_argument')
    expect(err.details.errors[0].option).toBe('--category')
    expect((await cliJson<{ data: unknown[] }>(['categories', 'list'])).data).toEqual(before)
    expect(await auditActions()).toEqual(auditBefore)
  })

  test('every change is audited with before and after', async () => {
    const out = await cliJson<{ data: { action: string; entity_id: string; before: any; after: any }[] }>(['audit', 'list', '--entity', 'category_rule'])
    const rows = [...out.data].reverse() // oldest first
    expect(rows.map((r) => [r.action, r.entity_id]).slice(0, 4)).toEqual([
      ['category_rule.created', tenantRuleId],
      ['category_rule.updated', tenantRuleId],
      ['category_rule.created', teamRuleId],
      ['category_rule.deleted', teamRuleId],
    ])
    expect(rows.map((r) => r.action).slice(4)).toEqual(['category_rule.created', 'category_rule.created', 'category_rule.deleted', 'category_rule.deleted'])
    expect(rows[1]!.before.category).toBe('productive')
    expect(rows[1]!.after.category).toBe('unproductive')
    expect(rows[3]!.after).toBeNull()
  })
})
