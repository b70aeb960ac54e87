/**
 * The last two admin operations of issue 15, through the real CLI against a real server's data
 * directory, with effects read back over REST and the audit log:
 * - `end_project_bill_rate` (`workforce rates bill-end`): a project's bill rate ends on its own;
 *   the budget values later days at the project's flat rate.
 * - `delete_cost_center` (`workforce cost-centers delete`): refused while people or teams are
 *   assigned (named, nothing written), deleted once they are moved.
 *
 * Stand-in, named: the project's time logs are written into the server's database file
 * (test/rest/helpers/org.ts bookProjectTime), as in test/config/rates.test.ts.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { createUserFixture } from '../helpers/fixtures'
import { startServer, type TestServer } from '../helpers/server'
import { restTenant } from '../rest/helpers/api'
import { bookProjectTime } from '../rest/helpers/org'

setDefaultTimeout(120_000)

let server: TestServer
let acme: Awaited<ReturnType<typeof restTenant>>

/** The CLI on the tenant with --json: exit code, parsed stdout (the output, or the error envelope) and stderr. */
const run = async (args: string[]) => {
  const res = await server.cli([...args, '--tenant', acme.tenant, '--json'])
  let out: any = null
  try {
    out = res.stdout ? JSON.parse(res.stdout) : null
  } catch {
    out = null
  }
  return { code: res.code, out, stderr: res.stderr, stdout: res.stdout }
}
const ok = async (args: string[]) => {
  const r = await run(args)
  expect({ args, code: r.code, stderr: r.stderr }).toEqual({ args, code: 0, stderr: expect.any(String) })
  return r.out
}
const audit = async (entity: string) =>
  (await ok(['audit', 'list', '--entity', entity, '--page-size', '100'])).data as {
    action: string
    entity_id: string
    before: any
    after: any
    reason: string | null
  }[]

beforeAll(async () => {
  server = await startServer()
  acme = await restTenant(server, { plan: 'business' })
}, 120_000)

afterAll(() => server?.stop(), 60_000)

describe('workforce rates bill-end (end_project_bill_rate)', () => {
  test('bad input and refusals write nothing; the end is audited and later days are valued at the flat rate', async () => {
    const created = await acme.rw.post('/projects', { name: 'Orbit', bill_rate_cents: 5000, budget_amount_cents: 1_000_000 })
    expect(created.status).toBe(201)
    const projectId = created.body.project_id ?? created.body.id
    const set = await ok(['rates', 'bill', '--project-id', 'Orbit', '--hourly-rate-cents', '9000', '--effective-from', '2026-11-01'])
    const billId = set.bill_rate.id as string
    const history = async () => (await ok(['rates', 'bill-history', '--project-id', 'Orbit'])).data as { id: string; effective_to: string | null }[]

    // Malformed date: named by field, exit non-zero.
    const bad = await run(['rates', 'bill-end', '--bill-rate-id', billId, '--effective-to', '30.11.2026'])
    expect(bad.code).not.toBe(0)
    expect(bad.out.error).toMatchObject({ code: 'invalid_argument', details: { errors: [expect.objectContaining({ option: '--effective-to' })] } })
    // Before the rate starts: invalid_argument on effective_to.
    const early = await run(['rates', 'bill-end', '--bill-rate-id', billId, '--effective-to', '2026-10-31'])
    expect(early.code).not.toBe(0)
    expect(early.out.error).toMatchObject({ code: 'invalid_argument', details: { field: 'effective_to' } })
    // Another id: not found.
    const unknown = await run(['rates', 'bill-end', '--bill-rate-id', '00000000-0000-4000-8000-000000000000', '--effective-to', '2026-11-30'])
    expect(unknown.out.error.code).toBe('not_found')
    expect((await history()).map((b) => b.effective_to)).toEqual([null])
    expect((await audit('bill_rate')).map((a) => a.action)).toEqual(['bill_rate.created'])

    const ended = await ok(['rates', 'bill-end', '--bill-rate-id', billId, '--effective-to', '2026-11-10', '--reason', 'Contract paused'])
    expect(ended).toMatchObject({ id: billId, project_id: projectId, hourly_rate_cents: 9000, effective_from: '2026-11-01', effective_to: '2026-11-10' })
    // An end date is only brought forward, never extended.
    const extend = await run(['rates', 'bill-end', '--bill-rate-id', billId, '--effective-to', '2026-11-20'])
    expect(extend.out.error).toMatchObject({ code: 'conflict', details: { field: 'effective_to' } })
    expect((await history()).map((b) => b.effective_to)).toEqual(['2026-11-10'])

    const rows = (await audit('bill_rate')).filter((a) => a.action === 'bill_rate.ended')
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      entity_id: billId,
      before: { effective_to: null, hourly_rate_cents: 9000 },
      after: { effective_to: '2026-11-10' },
      reason: 'Contract paused',
    })

    // 2 h on a day of the bill rate (90.00) and 3 h after its end (the flat 50.00): 180.00 + 150.00.
    const ana = await createUserFixture(server, acme.tenant, { name: 'Ana Orbit' })
    bookProjectTime(server, acme.tenant, ana.id, projectId, 2, '2026-11-05')
    bookProjectTime(server, acme.tenant, ana.id, projectId, 3, '2026-11-12')
    const budget = await acme.ro.get(`/projects/${projectId}/budget`)
    expect(budget.body).toMatchObject({ used_hours: 5, used_amount_cents: 33_000 })
  })
})

describe('workforce cost-centers delete (delete_cost_center)', () => {
  test('refused while a person or a team is assigned (named, nothing written); deleted once they are moved, and audited', async () => {
    await ok(['cost-centers', 'create', 'CC-DEL', 'Old depot'])
    await ok(['cost-centers', 'create', 'CC-NEW', 'New depot'])
    const dora = await createUserFixture(server, acme.tenant, { name: 'Dora Depot' })
    await ok(['users', 'update', dora.email, '--cost-center-id', 'CC-DEL'])
    await ok(['teams', 'create', 'Depot crew', '--cost-center-id', 'CC-DEL'])
    const codes = async () => ((await ok(['cost-centers', 'list'])).data as { code: string }[]).map((c) => c.code)

    // Unknown code: named, exit non-zero.
    const unknown = await run(['cost-centers', 'delete', 'CC-NOPE'])
    expect(unknown.code).not.toBe(0)
    expect(`${unknown.stdout}${unknown.stderr}`).toContain('CC-NOPE')

    const refused = await run(['cost-centers', 'delete', 'CC-DEL'])
    expect(refused.code).not.toBe(0)
    expect(refused.out.error.code).toBe('conflict')
    expect(refused.out.error.message).toContain('Dora Depot')
    expect(refused.out.error.message).toContain('Depot crew')
    expect(refused.out.error.message).toContain('--cost-center-id')
    expect(refused.out.error.details).toMatchObject({
      field: 'cost_center_id',
      people: [expect.objectContaining({ id: dora.id, email: dora.email })],
      teams: [expect.objectContaining({ name: 'Depot crew' })],
    })
    expect(await codes()).toEqual(['CC-DEL', 'CC-NEW'])
    expect((await audit('cost_center')).map((a) => a.action)).not.toContain('cost_center.deleted')

    // Move the person to another cost center, clear the team's: now it goes.
    await ok(['users', 'update', dora.email, '--cost-center-id', 'CC-NEW'])
    const stillTeam = await run(['cost-centers', 'delete', 'CC-DEL'])
    expect(stillTeam.out.error.details.people).toEqual([])
    expect(stillTeam.out.error.details.teams).toHaveLength(1)
    await ok(['teams', 'update', 'Depot crew', '--cost-center-id', 'null'])
    const deleted = await ok(['cost-centers', 'delete', 'CC-DEL', '--reason', 'Depot closed'])
    expect(deleted).toMatchObject({ code: 'CC-DEL', name: 'Old depot', projects_unassigned: 0 })
    expect(await codes()).toEqual(['CC-NEW'])
    const rows = (await audit('cost_center')).filter((a) => a.action === 'cost_center.deleted')
    expect(rows).toEqual([
      expect.objectContaining({ entity_id: deleted.id, before: { code: 'CC-DEL', name: 'Old depot' }, after: null, reason: 'Depot closed' }),
    ])
    // The person kept their new cost center.
    expect((await ok(['users', 'show', dora.email])).cost_center).toMatchObject({ code: 'CC-NEW', source: 'user' })
  })
})
