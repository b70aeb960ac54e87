import { DAY, addDays } from '../../src/kernel/time'
import { ARCHIVED_PROJECT, POD_NAMES, PROJECTS, TEAM_KINDS, type ProjectSpec } from '../catalog/org'
import type { SeedEnv } from '../env'
import type { Company, Task } from '../model'
import { Rng } from '../rng'

const ACTIVE_MIX: [Task['status'], number][] = [
  ['todo', 25],
  ['in_progress', 30],
  ['blocked', 8],
  ['in_review', 12],
  ['done', 25],
]

/**
 * Projects of the engineering, design and operations teams with the budget use the scenarios
 * need (the first pod of each team kind follows the catalogue exactly), and their tasks.
 */
export function buildProjects(env: SeedEnv, company: Company): void {
  const rng = new Rng(env.seed, 105)
  company.teams.forEach((team, t) => {
    if (team.kind < 0) return
    const pod = Math.floor(t / TEAM_KINDS.length)
    const specs = [...(PROJECTS[team.kind] ?? []), ...(t === 0 ? [ARCHIVED_PROJECT] : [])]
    for (const spec of specs) {
      const s: ProjectSpec = pod === 0 || spec.used === null ? spec : { ...spec, used: rng.range(0.3, 0.88) }
      addProject(env, company, rng, s, t, pod)
    }
  })
  for (const team of company.teams) {
    const own = company.projects
      .map((p, i) => [p, i] as const)
      .filter(([p]) => p.bookable && company.teams[p.team] === team)
      .map(([, i]) => i)
    for (const idx of [team.manager, ...team.members]) company.people[idx]!.projects = own
  }
  buildTasks(env, company, rng)
}

function addProject(env: SeedEnv, company: Company, rng: Rng, spec: ProjectSpec, team: number, pod: number): void {
  const suffix = pod === 0 ? '' : ` (${POD_NAMES[(pod - 1) % POD_NAMES.length]}${pod > POD_NAMES.length ? ` ${pod}` : ''})`
  const bookableUntil = spec.status === 'completed' ? addDays(env.today, -10) : spec.status === 'on_hold' ? addDays(env.today, -14) : null
  company.projects.push({
    id: env.ids.uuid(),
    spec,
    name: spec.name + suffix,
    code: pod === 0 ? spec.code : `${spec.code}-${pod + 1}`,
    team,
    bookableUntil,
    bookable: spec.status !== 'archived',
    tasks: [],
    costCenterId: company.teams[team]!.costCenterId,
    createdAt: env.cal.midnight(env.firstDay) - rng.int(20, 200) * DAY + rng.int(9, 16) * 3600_000,
  })
}

/** Tasks in every status: the first project cycles through all five before drawing at random. */
function buildTasks(env: SeedEnv, company: Company, rng: Rng): void {
  company.projects.forEach((project, pi) => {
    const team = company.teams[project.team]!
    const staff = [team.manager, ...team.members]
    const count = project.spec.status === 'archived' ? 4 : Math.min(15, Math.max(5, Math.round(team.members.length * 1.5)))
    for (let i = 0; i < count; i++) {
      const status: Task['status'] =
        project.spec.status === 'completed' || project.spec.status === 'archived'
          ? 'done'
          : project.spec.status === 'on_hold'
            ? rng.chance(0.6)
              ? 'todo'
              : 'blocked'
            : pi === 0 && i < ACTIVE_MIX.length
              ? ACTIVE_MIX[i]![0]
              : ACTIVE_MIX[rng.weighted(ACTIVE_MIX.map((m) => m[1]))]![0]
      project.tasks.push(company.tasks.length)
      company.tasks.push({ id: env.ids.uuid(), project: pi, assignee: rng.pick(staff), status })
    }
  })
  for (const team of company.teams) {
    if (team.profile !== 'support' && team.profile !== 'sales' && team.kind >= 0) continue
    for (let i = 0; i < 3; i++) {
      const status = ACTIVE_MIX[rng.weighted(ACTIVE_MIX.map((m) => m[1]))]![0]
      company.tasks.push({ id: env.ids.uuid(), project: null, assignee: rng.pick([team.manager, ...team.members]), status })
    }
  }
}
