import { afterAll, beforeAll, describe, expect, test, setDefaultTimeout } from 'bun:test'
import { startServer, type TestServer } from '../helpers/server'
import { createKeyFixture } from '../helpers/fixtures'
import { expectPage, restClient, restTenant } from './helpers/api'
import { outbox, seedOrg, type Org } from './helpers/org'

// Real servers and CLI processes on a shared machine: give hooks and tests room (not a timing assertion).
setDefaultTimeout(120_000)

let server: TestServer
let acme: Awaited<ReturnType<typeof restTenant>>
let other: Awaited<ReturnType<typeof restTenant>>
let org: Org
let projectId: string

beforeAll(async () => {
  server = await startServer()
  acme = await restTenant(server)
  other = await restTenant(server)
  org = seedOrg(server, acme.tenant)
  seedOrg(server, other.tenant)
  projectId = (await acme.rw.post('/projects', { name: 'Warehouse app' })).body.id
})
afterAll(() => server.stop())

const eventsOf = (type: string) => outbox(server, acme.tenant).filter((e) => e.type === type)

describe('POST /api/v1/tasks', () => {
  test('creates a task with 201 and emits task.created in the outbox', async () => {
    const res = await acme.rw.post('/tasks', {
      title: 'Pick list screen',
      project_id: projectId,
      assignee_user_id: org.users.alice,
      due_date: '2026-12-01',
      priority: 'high',
      estimate_hours: 6,
    })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      title: 'Pick list screen',
      status: 'todo',
      priority: 'high',
      project_id: projectId,
      assignee_user_id: org.users.alice,
      due_date: '2026-12-01',
      estimate_hours: 6,
      completed_at: null,
    })
    expect(res.body.created_at).toMatch(/Z$/)
    const created = eventsOf('task.created').find((e) => e.data.taskId === res.body.id)
    expect(created?.data).toMatchObject({ title: 'Pick list screen', status: 'todo', assigneeUserId: org.users.alice, dueDate: '2026-12-01', projectId })
  })

  test('names the missing and malformed fields', async () => {
    const res = await acme.rw.post('/tasks', { status: 'started', due_date: '2026-13-01' })
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe('invalid_argument')
    const fields = res.body.error.details.errors.map((e: any) => e.field).sort()
    expect(fields).toEqual(['due_date', 'status', 'title'])
    expect(res.body.error.details.errors.find((e: any) => e.field === 'status').message).toBe('must be one of: todo, in_progress, blocked, in_review, done')
    expect(res.body.error.details.errors.find((e: any) => e.field === 'title').message).toBe('is required')
  })

  test('refuses unknown fields instead of ignoring them', async () => {
    const res = await acme.rw.post('/tasks', { title: 'x', asignee_user_id: org.users.alice })
    expect(res.status).toBe(400)
    expect(res.body.error.details.errors).toEqual([{ field: 'asignee_user_id', message: 'is not a known field' }])
  })

  test('refuses a body that is not JSON', async () => {
    const res = await acme.rw.post('/tasks', '{"title":')
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe('invalid_argument')
  })

  test('answers 404 for another tenant’s project or assignee', async () => {
    const otherProject = (await other.rw.post('/projects', { name: 'Theirs' })).body.id
    const res = await acme.rw.post('/tasks', { title: 'x', project_id: otherProject })
    expect(res.status).toBe(404)
    expect(res.body.error.code).toBe('not_found')
  })

  test('refuses a deactivated assignee', async () => {
    const res = await acme.rw.post('/tasks', { title: 'x', assignee_user_id: org.users.dave })
    expect(res.status).toBe(400)
    expect(res.body.error.message).toContain('deactivated')
  })

  test('is forbidden for a read-scope token and writes nothing', async () => {
    const before = eventsOf('task.created').length
    const res = await acme.ro.post('/tasks', { title: 'Not allowed' })
    expect(res.status).toBe(403)
    expect(res.body.error).toMatchObject({ code: 'forbidden', message: expect.stringContaining('read_write') })
    expect(eventsOf('task.created').length).toBe(before)
  })
})

describe('updating tasks', () => {
  let taskId: string
  beforeAll(async () => {
    taskId = (await acme.rw.post('/tasks', { title: 'Label printer', assignee_user_id: org.users.alice, due_date: '2026-12-10' })).body.id
  })

  test('POST /tasks/{id}/status moves the status and emits task.updated with the change', async () => {
    const res = await acme.rw.post(`/tasks/${taskId}/status`, { status: 'in_progress' })
    expect(res.status).toBe(200)
    expect(res.body.status).toBe('in_progress')
    const updated = eventsOf('task.updated').filter((e) => e.data.taskId === taskId)
    expect(updated.at(-1)?.data.changes).toEqual({ status: { from: 'todo', to: 'in_progress' } })
  })

  test('POST /tasks/{id} changes assignee and due date (null clears) and reports both changes', async () => {
    const res = await acme.rw.post(`/tasks/${taskId}`, { assignee_user_id: org.users.bob, due_date: null, title: 'Label printer driver' })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ assignee_user_id: org.users.bob, due_date: null, title: 'Label printer driver' })
    const last = eventsOf('task.updated')
      .filter((e) => e.data.taskId === taskId)
      .at(-1)!
    expect(last.data.changes).toEqual({ assigneeUserId: { from: org.users.alice, to: org.users.bob }, dueDate: { from: '2026-12-10', to: null } })
  })

  test('a title-only change emits no task.updated', async () => {
    const before = eventsOf('task.updated').length
    const res = await acme.rw.post(`/tasks/${taskId}`, { title: 'Label printer driver v2' })
    expect(res.body.title).toBe('Label printer driver v2')
    expect(eventsOf('task.updated').length).toBe(before)
  })

  test('setting the current status again changes nothing and emits nothing', async () => {
    const before = outbox(server, acme.tenant).length
    const res = await acme.rw.post(`/tasks/${taskId}/status`, { status: 'in_progress' })
    expect(res.status).toBe(200)
    expect(outbox(server, acme.tenant).length).toBe(before)
  })

  test('moving to done sets completed_at and emits task.updated and task.completed', async () => {
    const res = await acme.rw.post(`/tasks/${taskId}/status`, { status: 'done' })
    expect(res.body.completed_at).toMatch(/Z$/)
    expect(eventsOf('task.completed').filter((e) => e.data.taskId === taskId)).toHaveLength(1)
    const reopened = await acme.rw.post(`/tasks/${taskId}/status`, { status: 'todo' })
    expect(reopened.body.completed_at).toBeNull()
  })

  test('answers 404 for another tenant’s task', async () => {
    const res = await other.rw.post(`/tasks/${taskId}/status`, { status: 'done' })
    expect(res.status).toBe(404)
    const read = await other.ro.get(`/tasks/${taskId}`)
    expect(read.status).toBe(404)
  })
})

describe('GET /api/v1/tasks', () => {
  beforeAll(async () => {
    for (const [title, due, status] of [
      ['A', '2027-01-05', 'todo'],
      ['B', '2027-01-10', 'blocked'],
      ['C', '2027-02-01', 'todo'],
    ] as const) {
      await acme.rw.post('/tasks', { title, due_date: due, status, project_id: projectId, assignee_user_id: org.users.carol })
    }
  })

  test('filters by status, assignee, project and due range, newest first', async () => {
    const res = await acme.ro.get(`/tasks?assignee_user_id=${org.users.carol}&project_id=${projectId}&due_from=2027-01-01&due_to=2027-01-31`)
    expect(res.status).toBe(200)
    expectPage(res.body)
    expect(res.body.data.map((t: any) => t.title)).toEqual(['B', 'A'])
    const blocked = await acme.ro.get(`/tasks?status=blocked&assignee_user_id=${org.users.carol}`)
    expect(blocked.body.data.map((t: any) => t.title)).toEqual(['B'])
  })

  test('pages through all tasks', async () => {
    const all = await acme.ro.get('/tasks?page_size=100')
    const total = all.body.pagination.total
    expect(total).toBeGreaterThanOrEqual(5)
    const seen: string[] = []
    for (let page: number | null = 1; page; ) {
      const res: any = await acme.ro.get(`/tasks?page_size=2&page=${page}`)
      seen.push(...res.body.data.map((t: any) => t.id))
      page = res.body.pagination.next_page
    }
    expect(new Set(seen).size).toBe(total)
  })

  test('never lists another tenant’s tasks', async () => {
    const res = await other.ro.get('/tasks?page_size=100')
    const mine = new Set((await acme.ro.get('/tasks?page_size=100')).body.data.map((t: any) => t.id))
    expect(res.body.data.some((t: any) => mine.has(t.id))).toBe(false)
  })

  test('refuses a misspelt filter rather than returning everything', async () => {
    const res = await acme.ro.get('/tasks?assignee=someone')
    expect(res.status).toBe(400)
    expect(res.body.error.details.errors).toEqual([{ field: 'assignee', message: 'is not a known field' }])
  })

  test('refuses due_from after due_to', async () => {
    const res = await acme.ro.get('/tasks?due_from=2027-02-01&due_to=2027-01-01')
    expect(res.status).toBe(400)
  })
})

describe('tasks access', () => {
  test('a token with a role below Manager cannot read tasks', async () => {
    const key = await createKeyFixture(server, acme.tenant, { kind: 'api', role: 'employee', scope: 'read_write' })
    const res = await restClient(server, key.key).get('/tasks')
    expect(res.status).toBe(403)
  })
})
