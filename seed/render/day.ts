import { DAY, addDays } from '../../src/kernel/time'
import { TEMPLATES } from '../catalog/org'
import type { SeedEnv } from '../env'
import type { Company, Person } from '../model'
import type { Roster } from '../plan/roster'
import type { DayPlan } from '../plan/types'
import { Rng } from '../rng'
import type { Mood } from './apps'
import { renderLog } from './log'
import type { RunState } from './state'
import { flushSummaries } from './summaries'

export interface DayContext {
  env: SeedEnv
  company: Company
  roster: Roster
  state: RunState
}

/** Writes one local day for everyone: scheduled shifts, time logs with all they imply, summaries (alerts: render/alerts.ts). */
export function renderDay(c: DayContext, dayIndex: number, plans: DayPlan[]): void {
  const { env, company } = c
  const date = env.days[dayIndex]!
  const nextDate = addDays(date, 1)
  const nextMidnight = env.cal.midnight(nextDate)
  const dayNumber = env.cal.dayNumber(date)
  for (const p of company.people) {
    const plan = plans[p.idx]!
    const rng = new Rng(env.seed, 10, p.idx, dayNumber)
    if (plan.template !== null) writeSchedule(env, company, p, date, plan, rng)
    if (plan.logs.length > 0) {
      const mood = moodFor(c, p, date)
      for (const log of plan.logs) renderLog({ env, company, state: c.state, person: p, log, mood, rng, nextMidnight, nextDate })
    }
  }
  flushSummaries(env, company, c.state, date)
}

export function writeSchedule(env: SeedEnv, company: Company, p: Person, date: string, plan: DayPlan, rng: Rng): void {
  env.w.schedules.add({
    id: env.ids.uuid(),
    tenantId: env.tenantId,
    userId: p.id,
    templateId: company.templateIds[plan.template!]!,
    date,
    startsAt: plan.startsAt,
    endsAt: plan.endsAt,
    breakMinutes: TEMPLATES[plan.template!]!.breakMinutes,
    status: plan.scheduleStatus,
    createdAt: Math.max(Math.min(plan.startsAt - rng.int(7, 21) * DAY, env.now), p.createdAt),
  })
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x))

/** How focused a person is on a day; the scenarios bend it (a productivity drop, a tired peak-season team). */
function moodFor(c: DayContext, p: Person, date: string): Mood {
  const rng = new Rng(c.env.seed, 9, p.idx, c.env.cal.dayNumber(date))
  let productive = p.traits.productivity + rng.normal(0, 0.05)
  let distraction = clamp(rng.normal(0.22, 0.05), 0.05, 0.5)
  let idle = p.traits.idle
  if (p.idx === c.company.personas.droppingEngineer && date > addDays(c.env.today, -7)) {
    productive = 0.38 + rng.normal(0, 0.03)
    distraction = 0.5
    idle *= 2
  }
  if (c.roster.inOvertimeSpike(p, date)) productive -= 0.05
  return { productive: clamp(productive, 0.2, 0.95), distraction, idle }
}
