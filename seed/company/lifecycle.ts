import { DAY, addDays } from '../../src/kernel/time'
import type { SeedEnv } from '../env'
import type { Company, Person } from '../model'
import { Rng } from '../rng'

/** Scenario people keep a plain history so their stories stay readable. */
export function isPersona(company: Company, idx: number): boolean {
  const p = company.personas
  return (
    idx === p.owner ||
    p.admins.includes(idx) ||
    idx === p.platformManager ||
    idx === p.supportManager ||
    idx === p.dispatchManager ||
    idx === p.droppingEngineer
  )
}

/**
 * People come and go: a few left during the history (deactivated), a few joined days ago
 * (activated after accepting an invitation), some took a week of vacation.
 */
export function applyLifecycle(env: SeedEnv, company: Company): void {
  const rng = new Rng(env.seed, 102)
  const eligible = company.people.filter((p) => p.role === 'employee' && !isPersona(company, p.idx) && p.team !== company.personas.overtimeTeam)
  const movers = company.people.length >= 20 ? Math.max(1, Math.floor(company.people.length / 40)) : 0
  const pool = rng.shuffle([...eligible])
  const n = env.days.length
  if (n >= 10) for (const p of pool.splice(0, movers)) deactivate(env, rng, p)
  for (const p of pool.splice(0, n >= 4 ? movers : 0)) join(env, rng, p)
  if (n >= 12) {
    for (const p of pool) {
      if (!rng.chance(0.12)) continue
      const start = rng.int(2, n - 10)
      p.vacation = [env.days[start]!, env.days[start + rng.int(2, 4)]!]
    }
  }
}

function deactivate(env: SeedEnv, rng: Rng, p: Person): void {
  const n = env.days.length
  p.activeTo = env.days[Math.floor(n * 0.55) + rng.int(0, Math.floor(n * 0.2))]!
  p.status = 'deactivated'
  p.deactivatedAt = env.cal.at(p.activeTo, '18:00') + rng.int(0, 3600) * 1000
}

function join(env: SeedEnv, rng: Rng, p: Person): void {
  const back = Math.min(rng.int(3, 8), env.days.length - 2)
  p.activeFrom = addDays(env.today, -back)
  p.activatedAt = env.cal.at(p.activeFrom, '08:10') + rng.int(0, 900) * 1000
  p.createdAt = p.activatedAt - rng.int(3, 6) * DAY - rng.int(0, 6 * 3600) * 1000
}

/** Home coordinates a few kilometres from the person's office (or team office when remote). */
export function placeHomes(env: SeedEnv, company: Company): void {
  const rng = new Rng(env.seed, 103)
  for (const p of company.people) {
    const office = company.offices[p.office ?? company.teams[p.team]!.office]!
    const km = rng.range(3, 14)
    const angle = rng.range(0, Math.PI * 2)
    const lat = office.latitude + (km / 111) * Math.sin(angle)
    const lon = office.longitude + (km / (111 * Math.cos((office.latitude * Math.PI) / 180))) * Math.cos(angle)
    p.home = [round6(lat), round6(lon)]
  }
}

export const round6 = (x: number): number => Math.round(x * 1e6) / 1e6
