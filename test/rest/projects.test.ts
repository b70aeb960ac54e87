import { afterAll, beforeAll, describe, expect, test, setDefaultTimeout } from 'bun:test'
import { startServer, type TestServer } from '../helpers/server'
import { expectPage, restTenant } from './helpers/api'
import { bookProjectTime, outbox, seedOrg, type Org } from './helpers/org'

// Real servers and CLI processes on a shared machine: give hooks and tests room (not a timing assertion).
setDefaultTimeout(120_000)

let server: TestServer
let acme: Awaited<ReturnType<typeof restTenant>>
let other: Awaited<ReturnType<typeof restTenant>>
let org: Org

beforeAll(async () => {
  server = await startServer()
  acme = await restTenant(server)
  other = await restTenant(server)
  org = seedOrg(server, acme.tenant)
})
afterAll(() => server.stop())

const alerts = (projectId: string) => outbox(server, acme.tenant).filter((e) => e.type === 'project.budget_alert' && e.data.projectId === projectId)

describe('POST /api/v1/projects and reads', () => {
  let id: string
  test('creates a project with 201 and defaults (active, alert at 80%)', async () => {
    const res = await acme.rw.post('/projects', {
      name: 'Depot rollout',
      code: 'DEP',
      client_name: 'Northwind',
      budget_hours: 100,
      budget_amount_cents: 500_000,
    })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      name: 'Depot rollout',
      code: 'DEP',
      status: 'active',
      alert_threshold_percent: 80,
      budget_alert_sent_at: null,
      external_source: null,
    })
    id = res.body.id
  })

  test('GET /projects/{id} returns it; another tenant gets 404', async () => {
    expect((await acme.ro.get(`/projects/${id}`)).body.name).toBe('Depot rollout')
    const foreign = await other.ro.get(`/projects/${id}`)
    expect(foreign.status).toBe(404)
    expect((await other.ro.get(`/projects/${id}/budget`)).status).toBe(404)
  })

  test('GET /projects lists and filters by status', async () => {
    await acme.rw.post('/projects', { name: 'Archived thing', status: 'archived' })
    const res = await acme.ro.get('/projects?status=archived')
    expectPage(res.body)
    expect(res.body.data.map((p: any) => p.name)).toEqual(['Archived thing'])
    expect((await other.ro.get('/projects')).body.data.some((p: any) => p.id === id)).toBe(false)
  })

  test('a read token cannot create projects', async () => {
    const res = await acme.ro.post('/projects', { name: 'Nope' })
    expect(res.status).toBe(403)
    expect(res.body.error.code).toBe('forbidden')
  })

  test('refuses an alert threshold out of range, naming it', async () => {
    const res = await acme.rw.post('/projects', { name: 'x', alert_threshold_percent: 150 })
    expect(res.status).toBe(400)
    expect(res.body.error.details.errors[0]).toEqual({ field: 'alert_threshold_percent', message: 'must be an integer at least 1 and at most 100' })
  })
})

describe('GET /api/v1/projects/{id}/budget', () => {
  test('values booked hours at the project bill rate', async () => {
    const p = (await acme.rw.post('/projects', { name: 'Billable', budget_hours: 40, budget_amount_cents: 400_000, bill_rate_cents: 10_000 })).body
    bookProjectTime(server, acme.tenant, org.users.alice, p.id, 6)
    bookProjectTime(server, acme.tenant, org.users.bob, p.id, 4)
    const res = await acme.ro.get(`/projects/${p.id}/budget`)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      used_hours: 10,
      remaining_hours: 30,
      hours_percent_used: 25,
      used_amount_cents: 100_000,
      remaining_amount_cents: 300_000,
      amount_percent_used: 25,
      valued_with: 'project_bill_rate',
      threshold_reached: false,
      budget_alert_sent_at: null,
      currency: 'USD',
    })
  })

  test('without a bill rate, values each person’s hours at their rate card', async () => {
    const p = (await acme.rw.post('/projects', { name: 'Internal', budget_amount_cents: 1_000_000 })).body
    bookProjectTime(server, acme.tenant, org.users.alice, p.id, 2) // Engineering team card: 30.00
    bookProjectTime(server, acme.tenant, org.users.bob, p.id, 1) // Bob's own card: 40.00
    const res = await acme.ro.get(`/projects/${p.id}/budget`)
    expect(res.body).toMatchObject({
      used_hours: 3,
      used_amount_cents: 2 * 3000 + 4000,
      valued_with: 'rate_cards',
      budget_hours: null,
      hours_percent_used: null,
    })
  })

  test('fires project.budget_alert once when the threshold is reached, however often the budget is read', async () => {
    const p = (await acme.rw.post('/projects', { name: 'Tight', budget_hours: 10, alert_threshold_percent: 50 })).body
    bookProjectTime(server, acme.tenant, org.users.alice, p.id, 4)
    expect((await acme.ro.get(`/projects/${p.id}/budget`)).body.threshold_reached).toBe(false)
    expect(alerts(p.id)).toHaveLength(0)

    bookProjectTime(server, acme.tenant, org.users.alice, p.id, 2)
    const crossed = await acme.ro.get(`/projects/${p.id}/budget`)
    expect(crossed.body).toMatchObject({ threshold_reached: true, hours_percent_used: 60, budget_alert_sent_at: expect.stringMatching(/Z$/) })
    expect(alerts(p.id)).toHaveLength(1)
    expect(alerts(p.id)[0]!.data).toMatchObject({ projectId: p.id, name: 'Tight', thresholdPercent: 50, usedHours: 6, budgetHours: 10 })

    await acme.ro.get(`/projects/${p.id}/budget`)
    expect(alerts(p.id)).toHaveLength(1)
    expect((await acme.ro.get(`/projects/${p.id}`)).body.budget_alert_sent_at).toMatch(/Z$/)
  })
})

describe('POST /api/v1/projects/sync', () => {
  const payload = (overrides: Record<string, unknown> = {}) => ({
    source: 'jira',
    projects: [
      {
        external_id: 'OPS',
        name: 'Ops board',
        budget_hours: 20,
        alert_threshold_percent: 80,
        tasks: [
          { external_id: 'OPS-1', title: 'Scanner firmware', status: 'in_progress', assignee_user_id: org.users.alice },
          { external_id: 'OPS-2', title: 'Dock schedule', due_date: '2026-12-24' },
        ],
        ...overrides,
      },
      { external_id: 'HR', name: 'HR board' },
    ],
  })

  test('creates projects and tasks keyed by (source, external_id) and emits task.created', async () => {
    const res = await acme.rw.post('/projects/sync', payload())
    expect(res.status).toBe(200)
    expect(res.body.summary).toEqual({
      projects_created: 2,
      projects_updated: 0,
      projects_unchanged: 0,
      tasks_created: 2,
      tasks_updated: 0,
      tasks_unchanged: 0,
    })
    const ops = res.body.projects[0]
    const project = (await acme.ro.get(`/projects/${ops.project_id}`)).body
    expect(project).toMatchObject({ name: 'Ops board', external_source: 'jira', external_id: 'OPS', budget_hours: 20 })
    const tasks = (await acme.ro.get(`/tasks?project_id=${ops.project_id}`)).body.data
    expect(tasks.map((t: any) => [t.external_id, t.status]).sort()).toEqual([
      ['OPS-1', 'in_progress'],
      ['OPS-2', 'todo'],
    ])
    const created = outbox(server, acme.tenant).filter((e) => e.type === 'task.created' && e.data.projectId === ops.project_id)
    expect(created).toHaveLength(2)
    expect((await acme.ro.get('/projects?external_source=jira')).body.pagination.total).toBe(2)
  })

  test('a second identical sync changes nothing; a changed one updates and emits task events', async () => {
    const again = await acme.rw.post('/projects/sync', payload())
    expect(again.body.summary).toEqual({
      projects_created: 0,
      projects_updated: 0,
      projects_unchanged: 2,
      tasks_created: 0,
      tasks_updated: 0,
      tasks_unchanged: 2,
    })

    const changed = payload({ name: 'Ops board (2027)', tasks: [{ external_id: 'OPS-1', title: 'Scanner firmware', status: 'done' }] })
    const res = await acme.rw.post('/projects/sync', changed)
    expect(res.body.summary).toMatchObject({ projects_updated: 1, projects_unchanged: 1, tasks_updated: 1 })
    const taskId = res.body.projects[0].tasks[0].task_id
    const events = outbox(server, acme.tenant)
      .filter((e) => e.data.taskId === taskId)
      .map((e) => e.type)
    expect(events).toEqual(['task.created', 'task.updated', 'task.completed'])
  })

  test('checks budgets: usage over the threshold fires project.budget_alert during the sync', async () => {
    const first = await acme.rw.post('/projects/sync', { source: 'asana', projects: [{ external_id: 'A1', name: 'Asana one', budget_hours: 100 }] })
    const projectId = first.body.projects[0].project_id
    bookProjectTime(server, acme.tenant, org.users.bob, projectId, 9)
    await acme.rw.post('/projects/sync', { source: 'asana', projects: [{ external_id: 'A1', name: 'Asana one', budget_hours: 10 }] })
    expect(alerts(projectId)).toHaveLength(1)
  })

  test('re-arms the alert when a sync raises the budget above usage, and fires again on the next crossing', async () => {
    const projectId = (await acme.ro.get('/projects?external_source=asana')).body.data[0].id
    await acme.rw.post('/projects/sync', { source: 'asana', projects: [{ external_id: 'A1', name: 'Asana one', budget_hours: 1000 }] })
    expect((await acme.ro.get(`/projects/${projectId}`)).body.budget_alert_sent_at).toBeNull()
    expect(alerts(projectId)).toHaveLength(1)
    await acme.rw.post('/projects/sync', { source: 'asana', projects: [{ external_id: 'A1', name: 'Asana one', budget_hours: 11 }] })
    expect(alerts(projectId)).toHaveLength(2)
  })

  test('refuses duplicate external ids and rolls nothing in', async () => {
    const res = await acme.rw.post('/projects/sync', {
      source: 'jira',
      projects: [
        { external_id: 'D', name: 'one' },
        { external_id: 'D', name: 'two' },
      ],
    })
    expect(res.status).toBe(400)
    expect(res.body.error.details.field).toBe('projects.1.external_id')
    expect((await acme.ro.get('/projects?external_source=jira')).body.pagination.total).toBe(2)
  })

  test('is all or nothing: a bad assignee in the last task leaves no trace', async () => {
    const before = (await acme.ro.get('/projects?page_size=100')).body.pagination.total
    const res = await acme.rw.post('/projects/sync', {
      source: 'linear',
      projects: [{ external_id: 'L1', name: 'Linear', tasks: [{ external_id: 'L1-1', title: 'x', assignee_user_id: '00000000-0000-4000-8000-000000000000' }] }],
    })
    expect(res.status).toBe(404)
    expect((await acme.ro.get('/projects?page_size=100')).body.pagination.total).toBe(before)
  })

  test('validates the source and nested task fields by path', async () => {
    const res = await acme.rw.post('/projects/sync', {
      source: 'Jira Cloud',
      projects: [{ external_id: 'X', name: 'x', tasks: [{ external_id: 'X-1', title: '', colour: 'red' }] }],
    })
    expect(res.status).toBe(400)
    const fields = res.body.error.details.errors.map((e: any) => e.field).sort()
    expect(fields).toEqual(['projects.0.tasks.0.colour', 'projects.0.tasks.0.title', 'source'])
  })

  test('needs a read_write token', async () => {
    expect((await acme.ro.post('/projects/sync', payload())).status).toBe(403)
  })
})
