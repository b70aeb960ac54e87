import { afterAll, describe, expect, test } from 'bun:test'
import type { Ctx } from '../../src/kernel/ctx'
import { newId } from '../../src/kernel/ids'
import { invoke } from '../../src/kernel/operation'
import { createTask } from '../../src/modules/tasks/create-task'
import { listTasks } from '../../src/modules/tasks/list-tasks'
import { ensureTaskCountTriggers } from '../../src/modules/tasks/queries'
import { TASK_STATUSES, type TaskStatus } from '../../src/modules/tasks/schema'
import { updateTask } from '../../src/modules/tasks/update-task'
import { updateTaskStatus } from '../../src/modules/tasks/update-task-status'
import { findTenantCtx } from '../../src/modules/tenants/queries'
import { systemCtx } from '../../src/runtime'
import { jobWorld } from '../jobs/seed'

// The task list's `total` comes from task_counts (kept by triggers on tasks) when filtered by
// status only: it must equal count(*) over the same filter after any sequence of writes, through
// the operations and written by hand, in two tenants, and after the triggers are recreated.

const w = jobWorld()
afterAll(() => w.rt.cleanup())

const NOW = Date.UTC(2026, 5, 1, 9)
const tenants = [w.tenant({ createdAt: NOW - 86_400_000 }), w.tenant({ createdAt: NOW - 86_400_000 })]
const managers = tenants.map((t) => w.user(t.id, { role: 'manager' }))
const as = (i: number): Ctx => ({
  ...systemCtx(w.rt, findTenantCtx(w.rt.db, tenants[i]!.id)!, 'rest', NOW),
  actor: { kind: 'user', keyId: 'k', keyKind: 'live', userId: managers[i]!, role: 'manager', scope: 'read_write' },
})

/** Every status filter (and none): the list's total next to count(*) over the rows. */
async function totals(i: number) {
  const out: { status: string; total: number; rows: number }[] = []
  for (const status of [undefined, ...TASK_STATUSES]) {
    const page = await invoke(listTasks, as(i), { ...(status ? { status } : {}), page: 1, page_size: 1 })
    const rows = (
      w.sqlite
        .query(`select count(*) n from tasks where tenant_id = ?${status ? ' and status = ?' : ''}`)
        .get(...[tenants[i]!.id, ...(status ? [status] : [])]) as {
        n: number
      }
    ).n
    out.push({ status: status ?? 'any', total: page.pagination.total, rows })
  }
  return out
}
const exact = (xs: { status: string; total: number; rows: number }[]) => xs.map((x) => ({ status: x.status, total: x.rows, rows: x.rows }))

describe('task list total from task_counts', () => {
  test('equals count(*) for every status after creates, status changes, edits and hand-written inserts and deletes', async () => {
    let seed = 7
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!
    const ids: string[][] = [[], []]
    for (let step = 0; step < 120; step++) {
      const i = rand() < 0.6 ? 0 : 1
      const r = rand()
      if (r < 0.4 || ids[i]!.length === 0) {
        const task = await invoke(createTask, as(i), { title: `Task ${step}`, status: pick(TASK_STATUSES) })
        ids[i]!.push(task.id)
      } else if (r < 0.65) await invoke(updateTaskStatus, as(i), { task_id: pick(ids[i]!), status: pick(TASK_STATUSES) as TaskStatus })
      else if (r < 0.8) await invoke(updateTask, as(i), { task_id: pick(ids[i]!), status: pick(TASK_STATUSES), title: `Edited ${step}` })
      else if (r < 0.9) {
        const id = newId()
        w.sqlite
          .prepare("insert into tasks (id, tenant_id, title, status, priority, created_at, updated_at) values (?, ?, 'By hand', ?, 'low', ?, ?)")
          .run(id, tenants[i]!.id, pick(TASK_STATUSES), NOW, NOW)
        ids[i]!.push(id)
      } else {
        const id = ids[i]!.splice(Math.floor(rand() * ids[i]!.length), 1)[0]!
        w.sqlite.prepare('delete from tasks where id = ?').run(id)
      }
    }
    for (const i of [0, 1]) {
      const t = await totals(i)
      expect(t).toEqual(exact(t))
      expect(t[0]!.total).toBeGreaterThan(10)
    }
  })

  test('a database whose rows were written without the triggers is recounted when they are created', async () => {
    for (const name of ['task_counts_insert', 'task_counts_delete', 'task_counts_update']) w.sqlite.exec(`drop trigger ${name}`)
    w.sqlite
      .prepare("insert into tasks (id, tenant_id, title, status, priority, created_at, updated_at) values (?, ?, 'Unseen', 'blocked', 'low', ?, ?)")
      .run(newId(), tenants[1]!.id, NOW, NOW)
    const stale = await totals(1)
    expect(stale).not.toEqual(exact(stale))
    ensureTaskCountTriggers(w.rt.db)
    const t = await totals(1)
    expect(t).toEqual(exact(t))
  })

  test('other filters count their rows', async () => {
    const task = await invoke(createTask, as(0), { title: 'Assigned', status: 'todo', assignee_user_id: managers[0]! })
    const page = await invoke(listTasks, as(0), { assignee_user_id: managers[0]!, status: 'todo', page: 1, page_size: 1 })
    expect(page.pagination.total).toBe(1)
    expect(page.data[0]!.id).toBe(task.id)
  })
})
