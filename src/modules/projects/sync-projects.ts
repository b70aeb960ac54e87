import { t, type Static } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import type { TenantBoundCtx } from '../../kernel/ctx'
import { inTransaction } from '../../kernel/db'
import { DomainError } from '../../kernel/errors'
import { newId } from '../../kernel/ids'
import { Id } from '../../kernel/schemas'
import { TaskFields } from '../tasks/model'
import { findTaskByExternalId } from '../tasks/queries'
import { createTaskRecord, updateTaskRecord } from '../tasks/task-writes'
import { checkBudgetAlert } from './budget'
import { ProjectFields } from './model'
import { findProjectByExternalId, insertProject, updateProjectRow, type ProjectRow } from './queries'

const ExternalId = t.String({ minLength: 1, maxLength: 200, description: 'Id of the record in the external tool' })
const Action = t.Union([t.Literal('created'), t.Literal('updated'), t.Literal('unchanged')])

const SyncTask = t.Object({
  external_id: ExternalId,
  title: TaskFields.title,
  description: t.Optional(TaskFields.description),
  status: t.Optional(TaskFields.status),
  priority: t.Optional(TaskFields.priority),
  assignee_user_id: t.Optional(TaskFields.assignee_user_id),
  due_date: t.Optional(TaskFields.due_date),
  estimate_hours: t.Optional(TaskFields.estimate_hours),
})

const SyncProject = t.Object({
  external_id: ExternalId,
  ...ProjectFields,
  tasks: t.Optional(t.Array(SyncTask, { maxItems: 500, description: 'Tasks of the project, upserted by external_id; tasks not listed are left alone' })),
})

type SyncProjectInput = Static<typeof SyncProject>
type Action = Static<typeof Action>

const SyncResult = t.Object({
  external_id: t.String(),
  project_id: Id,
  action: Action,
  tasks: t.Array(t.Object({ external_id: t.String(), task_id: Id, action: Action })),
})

function projectPatch(p: SyncProjectInput): Partial<ProjectRow> {
  const patch: Partial<ProjectRow> = { name: p.name }
  if (p.code !== undefined) patch.code = p.code
  if (p.client_name !== undefined) patch.clientName = p.client_name
  if (p.status !== undefined) patch.status = p.status
  if (p.budget_hours !== undefined) patch.budgetHours = p.budget_hours
  if (p.budget_amount_cents !== undefined) patch.budgetAmountCents = p.budget_amount_cents
  if (p.bill_rate_cents !== undefined) patch.billRateCents = p.bill_rate_cents
  if (p.alert_threshold_percent !== undefined) patch.alertThresholdPercent = p.alert_threshold_percent
  return patch
}

function upsertProject(ctx: TenantBoundCtx, source: string, p: SyncProjectInput): { row: ProjectRow; action: Action } {
  const patch = projectPatch(p)
  const existing = findProjectByExternalId(ctx, source, p.external_id)
  if (!existing) {
    const row = insertProject(ctx, {
      id: newId(),
      status: 'active',
      alertThresholdPercent: 80,
      ...patch,
      name: p.name,
      externalSource: source,
      externalId: p.external_id,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    return { row, action: 'created' }
  }
  const changed = (Object.keys(patch) as (keyof ProjectRow)[]).some((k) => patch[k] !== existing[k])
  if (!changed) return { row: existing, action: 'unchanged' }
  return { row: updateProjectRow(ctx, existing.id, { ...patch, updatedAt: ctx.now }), action: 'updated' }
}

function upsertTasks(ctx: TenantBoundCtx, project: ProjectRow, tasks: SyncProjectInput['tasks']) {
  return (tasks ?? []).map((task) => {
    const { external_id, ...fields } = task
    const existing = findTaskByExternalId(ctx, project.id, external_id)
    if (!existing) {
      const row = createTaskRecord(ctx, { ...fields, project_id: project.id, external_id })
      return { external_id, task_id: row.id, action: 'created' as const }
    }
    const row = updateTaskRecord(ctx, existing, fields)
    return { external_id, task_id: row.id, action: row === existing ? ('unchanged' as const) : ('updated' as const) }
  })
}

function refuseDuplicates(projects: SyncProjectInput[]): void {
  const seen = new Set<string>()
  projects.forEach((p, i) => {
    if (seen.has(p.external_id))
      throw new DomainError('invalid_argument', `projects.${i}.external_id "${p.external_id}" appears twice.`, { field: `projects.${i}.external_id` })
    seen.add(p.external_id)
    const tasks = new Set<string>()
    p.tasks?.forEach((task, j) => {
      if (tasks.has(task.external_id))
        throw new DomainError('invalid_argument', `projects.${i}.tasks.${j}.external_id "${task.external_id}" appears twice.`, {
          field: `projects.${i}.tasks.${j}.external_id`,
        })
      tasks.add(task.external_id)
    })
  })
}

export const syncProjects = defineOperation({
  name: 'sync_projects',
  title: 'Sync projects from an external tool',
  description:
    'Upserts projects by (source, external_id) and their tasks by external_id within the project, all in one transaction: fields sent replace stored ones, fields left out stay, nothing is deleted. Task changes emit task.created / task.updated / task.completed; budgets are checked and project.budget_alert fires when a threshold is reached.',
  access: { role: 'manager', write: true },
  input: t.Object({
    source: t.String({
      minLength: 1,
      maxLength: 50,
      pattern: '^[a-z0-9][a-z0-9_.-]*$',
      description: 'Name of the external tool, lower case (jira, asana, linear, …)',
    }),
    projects: t.Array(SyncProject, { minItems: 1, maxItems: 100 }),
  }),
  output: t.Object({
    source: t.String(),
    summary: t.Object({
      projects_created: t.Integer(),
      projects_updated: t.Integer(),
      projects_unchanged: t.Integer(),
      tasks_created: t.Integer(),
      tasks_updated: t.Integer(),
      tasks_unchanged: t.Integer(),
    }),
    projects: t.Array(SyncResult),
  }),
  run(ctx, input) {
    refuseDuplicates(input.projects)
    const results = inTransaction(ctx, (c) =>
      input.projects.map((p) => {
        const { row, action } = upsertProject(c, input.source, p)
        const tasks = upsertTasks(c, row, p.tasks)
        checkBudgetAlert(c, row)
        return { external_id: p.external_id, project_id: row.id, action, tasks }
      }),
    )
    const count = (a: Action) => results.filter((r) => r.action === a).length
    const countTasks = (a: Action) => results.reduce((n, r) => n + r.tasks.filter((x) => x.action === a).length, 0)
    return {
      source: input.source,
      summary: {
        projects_created: count('created'),
        projects_updated: count('updated'),
        projects_unchanged: count('unchanged'),
        tasks_created: countTasks('created'),
        tasks_updated: countTasks('updated'),
        tasks_unchanged: countTasks('unchanged'),
      },
      projects: results,
    }
  },
})
