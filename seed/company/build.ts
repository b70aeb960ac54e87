import { DAY } from '../../src/kernel/time'
import { COST_CENTERS, TEAM_KINDS } from '../catalog/org'
import type { SeedEnv } from '../env'
import type { Company } from '../model'
import { assignDevices } from './devices'
import { applyLifecycle, placeHomes } from './lifecycle'
import { buildPeople } from './people'
import { buildProjects } from './projects'

export const COMPANY_NAME = 'Northwind Logistics'
/** The company was founded about three years before the history starts. */
export const FOUNDED_DAYS_BEFORE = 1100

/** The whole organisation in memory; history is generated from it day by day afterwards. */
export function buildCompany(env: SeedEnv, employees: number): Company {
  const foundedAt = env.cal.midnight(env.firstDay) - FOUNDED_DAYS_BEFORE * DAY
  const costCenters = Object.fromEntries(COST_CENTERS.map(([code]) => [code, env.ids.uuid()]))
  const offices = env.region.places.map((p) => ({
    id: env.ids.uuid(),
    name: p.name,
    latitude: p.latitude,
    longitude: p.longitude,
    radiusMeters: p.radiusMeters,
  }))
  const templateIds = Array.from({ length: 9 }, () => env.ids.uuid())
  const { people, teams, names } = buildPeople(env, employees, costCenters, foundedAt)
  const firstOf = (kind: number) => teams.findIndex((t) => t.kind === kind)
  const company: Company = {
    name: COMPANY_NAME,
    emailDomain: env.region.emailDomain,
    costCenters,
    offices,
    teams,
    people,
    templateIds,
    projects: [],
    tasks: [],
    foundedAt,
    names,
    personas: {
      owner: 0,
      admins: people.filter((p) => p.role === 'admin').map((p) => p.idx),
      platformManager: teams[firstOf(0)]!.manager,
      supportManager: teams[firstOf(1)]!.manager,
      dispatchManager: teams[firstOf(2)]!.manager,
      droppingEngineer: teams[firstOf(0)]!.members[0]!,
      overtimeTeam: firstOf(2),
      backlogTeam: firstOf(1),
    },
  }
  if (TEAM_KINDS[2]!.pattern !== 'dispatch') throw new RangeError('the third team kind must be the dispatch team')
  // Jonas Richter is a steady, focused engineer until his drop in the last week.
  Object.assign(people[company.personas.droppingEngineer]!.traits, { productivity: 0.78, lateness: -2, overtime: 0.05, absence: 0.01, idle: 0.05 })
  applyLifecycle(env, company)
  placeHomes(env, company)
  assignDevices(env, company)
  buildProjects(env, company)
  return company
}
