import { weekStart } from '../src/kernel/time'
import { analyticsDay } from './analytics'
import { Batches } from './env'
import { planDay } from './plan/day'
import type { DayPlan } from './plan/types'
import { renderDay, type DayContext } from './render/day'
import { writeWeek } from './week'

/** Rows per commit: each commit rewrites the index pages it touched, so fewer, larger commits write far less; the WAL stays in the hundreds of MB. */
const ROWS_PER_TRANSACTION = 1_000_000

/**
 * The history, one week of plans at a time, committed every million rows or so: memory stays
 * bounded by a week of time-log plans, whatever the number of days.
 */
export function generateHistory(c: DayContext, onDay: (done: number, total: number) => void): void {
  const { env } = c
  const total = env.days.length
  const batches = new Batches(env)
  for (let i = 0; i < total; ) {
    const start = weekStart(env.days[i]!)
    let end = i
    while (end < total && weekStart(env.days[end]!) === start) end++
    env.ids.setClock(env.cal.midnight(env.days[i]!))
    const plans: DayPlan[][] = []
    for (let d = i; d < end; d++) plans.push(planDayForAll(c, d))
    for (let d = i; d < end; d++) {
      batches.run(() => {
        if (d === i) writeWeek(c, start, plans)
        env.ids.setClock(env.cal.midnight(env.days[d]!))
        renderDay(c, d, plans[d - i]!)
        analyticsDay(env, c.company, env.days[d]!)
      })
      batches.maybeCommit(ROWS_PER_TRANSACTION)
      onDay(d + 1, total)
    }
    i = end
  }
  batches.commit()
}

function planDayForAll(c: DayContext, dayIndex: number): DayPlan[] {
  const { env, company, roster, state } = c
  const date = env.days[dayIndex]!
  return company.people.map((person) => {
    const plan = planDay({ env, company, roster, person, date, dayIndex, lastOut: state.lastOut[person.idx]! })
    for (const log of plan.logs) state.lastOut[person.idx] = log.out ?? env.now
    return plan
  })
}
