import { dateRange, daysBetween } from '../../kernel/time'

/**
 * Worked ms per person and tenant-local date over a range of consecutive dates, as
 * person-day-queries `workedMsBetween` reads it: one row per person (a Float64Array), one column
 * per date of the range (column i is `dates[i]`; 0 when nothing was worked). A read over the whole
 * organisation fills 1,000 people x 7-37 dates: arrays by position instead of a Map per person
 * keyed by date strings (issue 18: building and reading those maps was a fifth of team hours).
 */
export class WorkedMs {
  /** Every date of the range, in order. */
  readonly dates: readonly string[]
  private readonly columns = new Map<string, number>()
  private readonly rows = new Map<string, Float64Array>()
  /** The people read who are clocked in now (an open time log), whatever its date: workedMsBetween counts their live sessions. */
  readonly clockedIn = new Set<string>()

  constructor(fromDate: string, toDate: string) {
    this.dates = dateRange(fromDate, toDate)
    for (const [i, date] of this.dates.entries()) this.columns.set(date, i)
  }

  /** The column of a date of the range, -1 outside it. */
  column(date: string): number {
    return this.columns.get(date) ?? -1
  }

  /** Adds ms to a person's column (a column of this range). */
  add(userId: string, column: number, ms: number): void {
    let row = this.rows.get(userId)
    if (!row) this.rows.set(userId, (row = new Float64Array(this.dates.length)))
    row[column]! += ms
  }

  /** A person's ms per column; undefined when they have no row (nothing read for them in the range). */
  row(userId: string): Float64Array | undefined {
    return this.rows.get(userId)
  }

  /** A person's ms on a date; 0 outside the range or without time. */
  on(userId: string, date: string): number {
    const i = this.column(date)
    return i < 0 ? 0 : (this.rows.get(userId)?.[i] ?? 0)
  }

  /** A person's ms over the dates of [fromDate, toDate] that are in the range. */
  sum(userId: string, fromDate: string, toDate: string): number {
    const row = this.rows.get(userId)
    if (!row) return 0
    const [first, last] = this.span(fromDate, toDate)
    let total = 0
    for (let i = first; i <= last; i++) total += row[i]!
    return total
  }

  /**
   * The columns of [fromDate, toDate] within the range, as [first, last] (first > last when they
   * do not meet).
   */
  span(fromDate: string, toDate: string): [number, number] {
    const n = this.dates.length
    if (n === 0 || fromDate > this.dates[n - 1]! || toDate < this.dates[0]! || fromDate > toDate) return [0, -1]
    const first = fromDate <= this.dates[0]! ? 0 : (this.columns.get(fromDate) ?? daysBetween(this.dates[0]!, fromDate))
    const last = toDate >= this.dates[n - 1]! ? n - 1 : (this.columns.get(toDate) ?? daysBetween(this.dates[0]!, toDate))
    return [first, last]
  }

  /** Every person with a row, and the row. */
  people(): IterableIterator<[string, Float64Array]> {
    return this.rows.entries()
  }
}
