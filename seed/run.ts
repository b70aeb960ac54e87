import { weekStart } from '../src/kernel/time'
import { analyticsDay } from './analytics'
import { inTransaction } from './env'
import { planDay } from './plan/day'
import type { DayPlan } from './plan/types'
import { renderDay, type DayContext } from './render/day'
import { writeWeek } from './week'

/** Rough rows one person adds per day, to size transactions. */
const ROWS_PER_PERSON_DAY = 90
/** Enough rows per commit that fsyncs do not dominate, few enough to keep the WAL small. */
const ROWS_PER_TRANSACTION = 200_000

/**
 * The history, one week of plans at a time and a few days per transaction: memory stays bounded
 * by a week of time-log plans, whatever the number of days.
 */
export function generateHistory(c: DayContext, onDay: (done: number, total: number) => void): void {
  const { env } = c
  const total = env.days.length
  for (let i = 0; i < total; ) {
    const start = weekStart(env.days[i]!)
    let end = i
    while (end < total && weekStart(env.days[end]!) === start) end++
    env.ids.setClock(env.cal.midnight(env.days[i]!))
    const plans: DayPlan[][] = []
    for (let d = i; d < end; d++) plans.push(planDayForAll(c, d))
    c.state.startWeek()
    const perTransaction = Math.max(1, Math.floor(ROWS_PER_TRANSACTION / (c.company.people.length * ROWS_PER_PERSON_DAY)))
    for (let d = i; d < end; d += perTransaction) {
      inTransaction(env, () => {
        if (d === i) writeWeek(c, start, plans)
        for (let k = d; k < Math.min(d + perTransaction, end); k++) {
          env.ids.setClock(env.cal.midnight(env.days[k]!))
          renderDay(c, k, plans[k - i]!)
          analyticsDay(env, c.company, env.days[k]!)
        }
      })
      onDay(Math.min(d + perTransaction, end), total)
    }
    i = end
  }
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
