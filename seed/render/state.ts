import type { Company } from '../model'

/** Per-person counters of one local date: seconds by kind and the number of samples. */
export const ACC = { total: 0, productive: 1, neutral: 2, unproductive: 3, idle: 4, count: 5, width: 6 } as const

/**
 * What the day-by-day generation carries from one day to the next. Sized by people, projects
 * and days, never by rows: history goes to the database as it is made.
 */
export class RunState {
  readonly lastOut: Float64Array
  /** Summary counters by local date; a date is flushed once no later log can reach it. */
  readonly acc = new Map<string, Float64Array>()
  /** Recent daily scores per person, oldest first: the baseline window of the next summary. */
  readonly scores: { date: string; score: number }[][]
  /** Worked seconds (breaks excluded, as project budgets count them) per project and day index. */
  readonly projectWorked: Float64Array
  /** Worked seconds booked to projects as flat (project * dayCount + day, person, seconds) triples: budgets valued with rate cards. */
  readonly bookings: number[] = []
  readonly deviceLastSeen = new Map<string, number>()

  constructor(
    company: Company,
    readonly dayCount: number,
  ) {
    const n = company.people.length
    this.lastOut = new Float64Array(n).fill(-Infinity)
    this.scores = Array.from({ length: n }, () => [])
    this.projectWorked = new Float64Array(company.projects.length * dayCount)
  }

  /** Books a closed time log to its project. */
  book(project: number, dayIndex: number, person: number, workedSeconds: number): void {
    const slot = project * this.dayCount + dayIndex
    this.projectWorked[slot]! += workedSeconds
    this.bookings.push(slot, person, workedSeconds)
  }

  counters(date: string): Float64Array {
    let a = this.acc.get(date)
    if (!a) {
      a = new Float64Array(this.scores.length * ACC.width)
      this.acc.set(date, a)
    }
    return a
  }

  seen(deviceId: string, at: number): void {
    if ((this.deviceLastSeen.get(deviceId) ?? 0) < at) this.deviceLastSeen.set(deviceId, at)
  }
}
