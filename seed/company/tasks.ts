import { DAY, HOUR, addDays } from '../../src/kernel/time'
import type { TaskPriority, TaskStatus } from '../../src/modules/tasks/schema'
import { TASK_TITLES } from '../catalog/texts'
import type { SeedEnv } from '../env'
import { emit, iso } from '../events'
import type { Company, Task } from '../model'
import { Rng } from '../rng'

const PRIORITIES: [TaskPriority, number][] = [
  ['low', 20],
  ['medium', 50],
  ['high', 22],
  ['urgent', 8],
]

/** Task rows with believable dates, and their task.* events inside the history window. */
export function writeTasks(env: SeedEnv, company: Company): void {
  const rng = new Rng(env.seed, 106)
  const windowStart = env.cal.midnight(env.firstDay)
  company.tasks.forEach((task, i) => {
    const project = task.project === null ? null : company.projects[task.project]!
    const assignee = company.people[task.assignee]!
    const team = company.teams[project?.team ?? assignee.team]!
    const titles = TASK_TITLES[team.profile]
    const title = titles[i % titles.length]!
    const latest = project?.bookableUntil ? env.cal.midnight(project.bookableUntil) : env.now - 2 * HOUR
    const day = addDays(env.firstDay, rng.int(-30, env.days.length - 1))
    const createdAt = Math.min(latest - DAY, env.cal.at(day, '09:00') + rng.int(0, 8 * 3600) * 1000)
    const completedAt = task.status === 'done' ? Math.min(latest - HOUR, createdAt + rng.int(1, 20) * DAY) : null
    const updatedAt = completedAt ?? (task.status === 'todo' ? createdAt : createdAt + Math.floor(rng.next() * (env.now - createdAt)))
    const row = {
      id: task.id,
      tenantId: env.tenantId,
      projectId: project?.id ?? null,
      title,
      description: project ? `${title} (${project.name}).` : null,
      status: task.status,
      priority: PRIORITIES[rng.weighted(PRIORITIES.map((p) => p[1]))]![0],
      assigneeUserId: assignee.id,
      dueDate: addDays(day, rng.int(7, 30)),
      estimateHours: rng.int(1, 16) * 2,
      externalId: project ? `${project.code}-${100 + i}` : null,
      createdByUserId: company.people[team.manager]!.id,
      createdAt,
      updatedAt,
      completedAt,
    }
    env.w.tasks.add(row)
    taskEvents(env, task, row, windowStart)
  })
}

interface TaskFacts {
  id: string
  title: string
  priority: TaskPriority
  projectId: string | null
  assigneeUserId: string
  dueDate: string
  createdAt: number
  updatedAt: number
  completedAt: number | null
}

/**
 * The task.* events of a task's life, as task-writes.ts emits them: created as todo, then one
 * update moving it to its current status (task.completed too when that is done).
 */
function taskEvents(env: SeedEnv, task: Task, row: TaskFacts, windowStart: number): void {
  const { createdAt, updatedAt, completedAt } = row
  const ref = (status: TaskStatus) => ({
    taskId: row.id,
    title: row.title,
    status,
    priority: row.priority,
    projectId: row.projectId,
    assigneeUserId: row.assigneeUserId,
    dueDate: row.dueDate,
  })
  if (createdAt >= windowStart) emit(env, 'task.created', { ...ref('todo'), createdAt: iso(createdAt) }, createdAt)
  if (task.status !== 'todo' && updatedAt > createdAt && updatedAt >= windowStart) {
    emit(env, 'task.updated', { ...ref(task.status), changes: { status: { from: 'todo', to: task.status } }, updatedAt: iso(updatedAt) }, updatedAt)
  }
  if (completedAt !== null && completedAt >= windowStart) emit(env, 'task.completed', { ...ref('done'), completedAt: iso(completedAt) }, completedAt)
}
