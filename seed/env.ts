import type { Database } from 'bun:sqlite'
import type { SQLiteTable } from 'drizzle-orm/sqlite-core'
import * as schema from '../src/db/schema'
import { DAY, addDays, isoWeekday, zoneOffset, zonedTimeToInstant } from '../src/kernel/time'
import { BulkWriter } from './bulk'
import type { IdGen } from './rng'
import type { Region } from './catalog/places'

/** Tenant settings the generator both writes and obeys (alerts, auto clock-out, taps). */
export const SETTINGS = {
  idleThresholdSeconds: 300,
  productivityDropThreshold: 50,
  autoClockOutHours: 14,
  overtimeDailyHours: 10,
  presenceTapMinutes: 240,
} as const

/** Local wall-clock arithmetic for one zone, cached: Intl calls are the slow part of time maths. */
export class Calendar {
  private readonly instants = new Map<string, number>()
  private readonly numbers = new Map<string, number>()
  private readonly offsets = new Map<string, number | null>()

  constructor(readonly tz: string) {}

  /**
   * The instant of local `date` at `hhmm`. Uses the day's UTC offset (two Intl calls per date,
   * not per time); on a DST change day the exact conversion is used instead.
   */
  at(date: string, hhmm: string): number {
    const key = date + hhmm
    let v = this.instants.get(key)
    if (v === undefined) {
      const offset = this.offsetOf(date)
      const wall = Date.parse(`${date}T${hhmm}:00Z`)
      v = offset === null ? zonedTimeToInstant(date, hhmm, this.tz) : wall - offset
      this.instants.set(key, v)
    }
    return v
  }

  /** The zone's offset on `date` if it is the same all day, else null. */
  private offsetOf(date: string): number | null {
    let v = this.offsets.get(date)
    if (v === undefined) {
      const noon = Date.parse(`${date}T12:00:00Z`)
      const start = zoneOffset(noon - 12 * 3600_000 - zoneOffset(noon, this.tz), this.tz)
      const end = zoneOffset(noon + 12 * 3600_000 - zoneOffset(noon, this.tz), this.tz)
      v = start === end ? start : null
      this.offsets.set(date, v)
    }
    return v
  }

  midnight(date: string): number {
    return this.at(date, '00:00')
  }

  /** Days since 1970-01-01 of a local date: a stable number for seeding per-day randomness. */
  dayNumber(date: string): number {
    let v = this.numbers.get(date)
    if (v === undefined) {
      v = Math.round(Date.parse(`${date}T00:00:00Z`) / DAY)
      this.numbers.set(date, v)
    }
    return v
  }

  weekday(date: string): number {
    return isoWeekday(date)
  }

  /** Monday-based week number, the same for every day of a week. */
  weekNumber(date: string): number {
    return Math.floor((this.dayNumber(date) + 3) / 7)
  }

  next(date: string): string {
    return addDays(date, 1)
  }
}

/** Every table the generator writes, each with its batched writer, parents before children. */
export function createWriters(sqlite: Database) {
  const w = <T extends SQLiteTable>(table: T) => new BulkWriter(sqlite, table)
  const costCenters = w(schema.costCenters),
    offices = w(schema.offices),
    templates = w(schema.shiftTemplates),
    teams = w(schema.teams)
  const users = w(schema.users),
    memberships = w(schema.teamMemberships),
    invitations = w(schema.invitations),
    rateCards = w(schema.rateCards)
  const projects = w(schema.projects),
    tasks = w(schema.tasks),
    categoryRules = w(schema.categoryRules),
    devices = w(schema.devices)
  const subscriptions = w(schema.subscriptions),
    invoices = w(schema.invoices),
    payments = w(schema.payments)
  const timesheets = w(schema.timesheets),
    timesheetHistory = w(schema.timesheetStatusHistory),
    payrollPeriods = w(schema.payrollPeriods)
  const payRuns = w(schema.payRuns),
    timeLogs = w(schema.timeLogs),
    breaks = w(schema.breaks),
    presenceTaps = w(schema.presenceTaps)
  const sessions = w(schema.agentSessions),
    samples = w(schema.activitySamples),
    ingestBatches = w(schema.ingestBatches),
    blocks = w(schema.activityBlocks)
  const summaries = w(schema.dailyActivitySummaries),
    pings = w(schema.locationPings),
    schedules = w(schema.shiftSchedules),
    events = w(schema.events)
  const toolCalls = w(schema.toolCalls),
    questions = w(schema.askQuestions),
    alerts = w(schema.workloadAlerts),
    emails = w(schema.emailOutbox)
  const dependsOn = (child: BulkWriter<SQLiteTable>, ...parents: BulkWriter<SQLiteTable>[]) => (child.parents = parents)
  dependsOn(users, teams, costCenters)
  dependsOn(memberships, teams, users)
  dependsOn(invitations, users)
  dependsOn(rateCards, users, teams)
  dependsOn(projects, costCenters)
  dependsOn(tasks, projects, users)
  dependsOn(devices, users)
  dependsOn(invoices, subscriptions)
  dependsOn(payments, invoices)
  dependsOn(timesheets, users)
  dependsOn(timesheetHistory, timesheets)
  dependsOn(payRuns, payrollPeriods)
  dependsOn(timeLogs, users, offices, projects, tasks, timesheets)
  dependsOn(breaks, timeLogs)
  dependsOn(presenceTaps, timeLogs)
  dependsOn(sessions, users, devices)
  dependsOn(samples, sessions)
  dependsOn(ingestBatches, users)
  dependsOn(blocks, timeLogs)
  dependsOn(summaries, users)
  dependsOn(pings, users, offices)
  dependsOn(schedules, users, templates)
  dependsOn(questions, users)
  dependsOn(alerts, users)
  return {
    costCenters,
    offices,
    templates,
    teams,
    users,
    memberships,
    invitations,
    rateCards,
    projects,
    tasks,
    categoryRules,
    devices,
    subscriptions,
    invoices,
    payments,
    timesheets,
    timesheetHistory,
    payrollPeriods,
    payRuns,
    timeLogs,
    breaks,
    presenceTaps,
    sessions,
    samples,
    ingestBatches,
    blocks,
    summaries,
    pings,
    schedules,
    events,
    toolCalls,
    questions,
    alerts,
    emails,
  }
}

export type Writers = ReturnType<typeof createWriters>

/** What every part of the generator needs: where to write, the clock, the calendar and the id stream. */
export interface SeedEnv {
  sqlite: Database
  w: Writers
  tenantId: number
  tz: string
  region: Region
  cal: Calendar
  ids: IdGen
  /** Hash of the --seed text; every Rng is derived from it. */
  seed: number
  /** The seed's `now`, floored to whole seconds. */
  now: number
  today: string
  firstDay: string
  days: readonly string[]
}

export function flushAll(w: Writers): void {
  for (const writer of Object.values(w)) writer.flush()
}

/**
 * One BEGIN IMMEDIATE transaction. Foreign keys are checked row by row, which also proves the
 * writers flush parents before children: a deferred violation would make SQLite scan child
 * tables on every parent insert. Only the organisation (users and teams reference each other)
 * is written with checks deferred to COMMIT.
 */
export function inTransaction<T>(env: { sqlite: Database; w: Writers }, fn: () => T, deferForeignKeys = false): T {
  const batch = new Batches(env)
  const result = batch.run(() => {
    if (deferForeignKeys) env.sqlite.exec('PRAGMA defer_foreign_keys = ON')
    return fn()
  })
  batch.commit()
  return result
}

/**
 * A run of transactions committed by volume rather than by call: `maybeCommit` closes the
 * current one once enough rows were written, so a small tenant is one commit and a large one
 * a handful. A failure rolls back the open transaction.
 */
export class Batches {
  private open = false
  private rowsAtBegin = 0

  constructor(private readonly env: { sqlite: Database; w: Writers }) {}

  run<T>(fn: () => T): T {
    if (!this.open) {
      this.env.sqlite.exec('BEGIN IMMEDIATE')
      this.open = true
      this.rowsAtBegin = written(this.env.w)
    }
    try {
      return fn()
    } catch (e) {
      this.env.sqlite.exec('ROLLBACK')
      this.open = false
      throw e
    }
  }

  maybeCommit(rows: number): void {
    if (this.open && written(this.env.w) - this.rowsAtBegin >= rows) this.commit()
  }

  commit(): void {
    if (!this.open) return
    this.run(() => {
      flushAll(this.env.w)
      this.env.sqlite.exec('COMMIT')
    })
    this.open = false
  }
}

const written = (w: Writers): number => {
  let n = 0
  for (const writer of Object.values(w)) n += writer.count
  return n
}

export const rowCounts = (w: Writers): Record<string, number> => Object.fromEntries(Object.values(w).map((writer) => [writer.name, writer.count]))
