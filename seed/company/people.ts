import type { Role } from '../../src/kernel/ctx'
import type { WorkProfile } from '../../src/modules/users/schema'
import { DAY } from '../../src/kernel/time'
import { JOB_TITLES, PERSONAS } from '../catalog/people'
import { LEADERSHIP_TEAM, POD_NAMES, T, TEAM_KINDS, type Pattern } from '../catalog/org'
import type { SeedEnv } from '../env'
import type { Person, Team } from '../model'
import { Rng } from '../rng'
import { NameBook } from './names'
import { traitsFor } from './traits'

/** Head count split: one OwnerAdmin, a couple of Admins, one Manager per team, the rest Employees. */
export function headcount(n: number): { admins: number; teams: number; employees: number } {
  const admins = n < 12 ? 1 : Math.min(2 + Math.floor(n / 1000), 12)
  const teams = Math.max(3, Math.round((n - 1 - admins) / 7))
  return { admins, teams, employees: n - 1 - admins - teams }
}

export function teamName(kind: number, pod: number): string {
  const base = TEAM_KINDS[kind]!.name
  if (pod === 0) return base
  return `${base} ${pod <= POD_NAMES.length ? POD_NAMES[pod - 1] : pod + 1}`
}

/** Members per team, proportional to the team kind's weight, at least one each. */
function teamSizes(teams: number, employees: number): number[] {
  const weights = Array.from({ length: teams }, (_, t) => TEAM_KINDS[t % TEAM_KINDS.length]!.weight)
  const total = weights.reduce((s, w) => s + w, 0)
  const spare = Math.max(0, employees - teams)
  const sizes = weights.map((w) => 1 + Math.floor((spare * w) / total))
  let left = employees - sizes.reduce((s, x) => s + x, 0)
  for (let t = 0; left > 0; t = (t + 1) % teams, left--) sizes[t]!++
  return sizes
}

interface Draft {
  role: Role
  team: number
  profile: WorkProfile
  pattern: Pattern | 'leadership'
  persona?: { name: string; jobTitle: string }
}

/** Who is who: the owner, admins, then each team's manager followed by its members. */
function drafts(n: number): { list: Draft[]; teamCount: number } {
  const { admins, teams, employees } = headcount(n)
  const list: Draft[] = [{ role: 'owner_admin', team: teams, profile: 'management', pattern: 'leadership', persona: PERSONAS.owner }]
  for (let a = 0; a < admins; a++) {
    const persona = a === 0 ? PERSONAS.admin : a === 1 ? PERSONAS.admin2 : undefined
    list.push({ role: 'admin', team: teams, profile: 'management', pattern: 'leadership', ...(persona ? { persona } : {}) })
  }
  const managerPersonas = [PERSONAS.platformManager, PERSONAS.supportManager, PERSONAS.dispatchManager]
  teamSizes(teams, employees).forEach((size, t) => {
    const kind = TEAM_KINDS[t % TEAM_KINDS.length]!
    const manager = managerPersonas[t]
    list.push({ role: 'manager', team: t, profile: kind.profile, pattern: kind.pattern, ...(manager ? { persona: manager } : {}) })
    for (let m = 0; m < size; m++) {
      const persona = t === 0 && m === 0 ? PERSONAS.droppingEngineer : undefined
      list.push({ role: 'employee', team: t, profile: kind.profile, pattern: kind.pattern, ...(persona ? { persona } : {}) })
    }
  })
  return { list, teamCount: teams }
}

export function buildTeams(env: SeedEnv, teamCount: number, costCenters: Record<string, string>): Team[] {
  const teams: Team[] = []
  for (let t = 0; t < teamCount; t++) {
    const kind = t % TEAM_KINDS.length
    const spec = TEAM_KINDS[kind]!
    const office = spec.pattern === 'dispatch' ? 1 : kind >= 5 && kind <= 7 ? 2 : 0
    teams.push({
      id: env.ids.uuid(),
      name: teamName(kind, Math.floor(t / TEAM_KINDS.length)),
      kind,
      pattern: spec.pattern,
      profile: spec.profile,
      manager: -1,
      members: [],
      costCenterId: costCenters[spec.costCenter]!,
      office,
    })
  }
  teams.push({
    id: env.ids.uuid(),
    name: LEADERSHIP_TEAM.name,
    kind: -1,
    pattern: 'leadership',
    profile: 'management',
    manager: -1,
    members: [],
    costCenterId: costCenters[LEADERSHIP_TEAM.costCenter]!,
    office: 0,
  })
  return teams
}

/** The people of the company with their teams; dates and traits depend on the seed only. */
export function buildPeople(
  env: SeedEnv,
  n: number,
  costCenters: Record<string, string>,
  foundedAt: number,
): { people: Person[]; teams: Team[]; names: NameBook } {
  const rng = new Rng(env.seed, 101)
  const { list, teamCount } = drafts(n)
  const teams = buildTeams(env, teamCount, costCenters)
  const names = new NameBook(rng, env.region.emailDomain)
  const people = list.map((d, idx): Person => {
    const team = teams[d.team]!
    const name = d.persona?.name ?? names.next()
    const jobTitles = JOB_TITLES[d.profile]
    const jobTitle = d.persona?.jobTitle ?? (d.role === 'manager' ? jobTitles.manager : rng.pick(jobTitles.member))
    const createdAt = idx === 0 ? foundedAt : env.cal.midnight(env.firstDay) - rng.int(30, 900) * DAY + rng.int(8, 17) * 3600_000
    const office = d.pattern === 'office' && d.role === 'employee' && rng.chance(0.15) ? null : team.office
    const person: Person = {
      idx,
      id: env.ids.uuid(),
      name,
      email: names.emailFor(name),
      role: d.role,
      status: 'active',
      team: d.team,
      profile: d.profile,
      jobTitle,
      weeklyHours: 40,
      template: T.day!,
      pattern: d.pattern,
      daysOff: [],
      office,
      home: [0, 0],
      activeFrom: null,
      activeTo: null,
      vacation: null,
      createdAt: Math.max(createdAt, foundedAt),
      activatedAt: null,
      deactivatedAt: null,
      traits: traitsFor(rng, d.profile, d.pattern, office === null),
      devices: [],
      projects: [],
      costCenterId: team.costCenterId,
      rate: { cents: 0, multiplier: 1.5 },
    }
    person.activatedAt = person.createdAt + rng.int(1, 3) * DAY
    if (d.role === 'manager' || (d.role === 'owner_admin' && team.manager < 0)) team.manager = idx
    else team.members.push(idx)
    return person
  })
  for (const p of people) assignShift(rng, p)
  return { people, teams, names }
}

/** Shift template (or dispatch rotation), part-time contracts and days off. */
function assignShift(rng: Rng, p: Person): void {
  if (p.pattern === 'dispatch') {
    const first = (p.idx % 7) + 1
    p.daysOff = [first, (first % 7) + 1]
    if (p.role === 'manager') p.template = T.early!
    return
  }
  if (p.role === 'employee' && p.pattern !== 'leadership' && rng.chance(0.08)) {
    const mornings = rng.chance(0.5)
    p.template = mornings ? T.part_morning! : T.part_4day!
    p.weeklyHours = mornings ? 20 : 24
    return
  }
  if (p.pattern === 'support' && rng.chance(0.45)) p.template = T.support!
  else p.template = [T.day!, T.day!, T.day!, T.day!, T.early!, T.late!][rng.int(0, 5)]!
}
