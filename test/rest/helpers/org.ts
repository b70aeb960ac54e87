/**
 * Organisation data for REST tests on a production tenant. Phase 1 of the REST API has no
 * endpoints that create people, teams, time logs, timesheets, rate cards, shifts or invoices (the
 * users/timesheets/activity functions come later, and tokens never create user accounts), so this
 * helper writes those rows into the server's own database file, through the domain schema, the
 * way the seed does. Everything the tests then check is read back over real HTTP.
 */
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { openDatabase, type Db } from '../../../src/kernel/db'
import {
  breaks,
  costCenters,
  events,
  invoices,
  rateCards,
  shiftSchedules,
  shiftTemplates,
  subscriptions,
  teamMemberships,
  teams,
  tenants,
  timeLogs,
  timesheets,
  users,
} from '../../../src/db/schema'
import { startServer, type TestServer } from '../../helpers/server'
import { restTenant } from './api'

const HOUR = 3_600_000

export function withDb<T>(server: TestServer, fn: (db: Db) => T): T {
  const handle = openDatabase(join(server.dataDir, 'workforce.db'))
  try {
    return fn(handle.db)
  } finally {
    handle.sqlite.close()
  }
}

export const tenantIdOf = (db: Db, readableId: string): number =>
  db.select({ id: tenants.id }).from(tenants).where(eq(tenants.readableId, readableId)).get()!.id

/** Outbox events of a tenant, oldest first. */
export function outbox(server: TestServer, readableId: string): { type: string; data: Record<string, any> }[] {
  return withDb(server, (db) =>
    db
      .select({ type: events.type, data: events.data })
      .from(events)
      .where(eq(events.tenantId, tenantIdOf(db, readableId)))
      .orderBy(events.occurredAt)
      .all(),
  )
}

/** The week the payroll tests use: Monday 2026-10-05 to Sunday 2026-10-11, tenant time zone UTC. */
export const WEEK = { start: '2026-10-05', end: '2026-10-11' }
const at = (date: string, hour: number) => Date.parse(`${date}T${String(hour).padStart(2, '0')}:00:00Z`)

export interface Org {
  tenantId: number
  costCenters: { eng: string; ops: string }
  teams: { eng: string; support: string }
  users: { alice: string; bob: string; carol: string; dave: string }
  rateCards: { tenantDefault: string; engTeam: string; bob: string }
  templates: { early: string; night: string }
  invoices: string[]
}

function person(
  db: Db,
  tenantId: number,
  p: {
    name: string
    role: 'employee' | 'manager'
    team: string | null
    weeklyHours: number
    costCenterId: string | null
    status?: 'active' | 'deactivated'
    workProfile?: 'engineering' | 'support'
  },
) {
  const id = randomUUID()
  db.insert(users)
    .values({
      id,
      tenantId,
      name: p.name,
      email: `${p.name.toLowerCase()}.${id.slice(0, 6)}@org.test`,
      role: p.role,
      status: p.status ?? 'active',
      primaryTeamId: p.team,
      workProfile: p.workProfile ?? 'engineering',
      weeklyHours: p.weeklyHours,
      costCenterId: p.costCenterId,
      createdAt: Date.now(),
      activatedAt: Date.now(),
      deactivatedAt: p.status === 'deactivated' ? Date.now() : null,
    })
    .run()
  if (p.team)
    db.insert(teamMemberships)
      .values({ tenantId, teamId: p.team, userId: id, roleInTeam: p.role === 'manager' ? 'manager' : 'member', joinedAt: Date.now() })
      .run()
  return id
}

/** One approved (or other) timesheet of the week and its closed time logs (hours per day). */
export function workWeek(
  db: Db,
  tenantId: number,
  userId: string,
  dailyHours: number[],
  status: 'approved' | 'submitted' = 'approved',
  opts: { projectId?: string; breakMinutesOnFirstDay?: number } = {},
) {
  const sheetId = randomUUID()
  const total = dailyHours.reduce((a, h) => a + h, 0)
  db.insert(timesheets)
    .values({
      id: sheetId,
      tenantId,
      userId,
      periodStart: WEEK.start,
      periodEnd: WEEK.end,
      status,
      totalSeconds: total * 3600,
      createdAt: Date.now(),
      updatedAt: Date.now(),
    })
    .run()
  dailyHours.forEach((h, i) => {
    const date = `2026-10-${String(5 + i).padStart(2, '0')}`
    const logId = randomUUID()
    const start = at(date, 8)
    db.insert(timeLogs)
      .values({
        id: logId,
        tenantId,
        userId,
        clockInAt: start,
        clockOutAt: start + h * HOUR,
        status: 'closed',
        source: 'seed',
        timesheetId: sheetId,
        projectId: opts.projectId ?? null,
        createdAt: start,
      })
      .run()
    if (i === 0 && opts.breakMinutesOnFirstDay) {
      db.insert(breaks)
        .values({
          id: randomUUID(),
          tenantId,
          userId,
          timeLogId: logId,
          kind: 'lunch',
          startedAt: start + 4 * HOUR,
          endedAt: start + 4 * HOUR + opts.breakMinutesOnFirstDay * 60_000,
        })
        .run()
    }
  })
}

/** Closed time booked to a project (no timesheet): what project budgets count. */
export function bookProjectTime(server: TestServer, readableId: string, userId: string, projectId: string, hours: number, day = '2026-10-20') {
  withDb(server, (db) => {
    const start = at(day, 9)
    db.insert(timeLogs)
      .values({
        id: randomUUID(),
        tenantId: tenantIdOf(db, readableId),
        userId,
        clockInAt: start,
        clockOutAt: start + hours * HOUR,
        status: 'closed',
        source: 'seed',
        projectId,
        createdAt: start,
      })
      .run()
  })
}

/**
 * Alice (Engineering, 40 h contract) works 9 h a day for a week: 45 h, 5 h overtime, Engineering
 * team rate. Bob (Support, 20 h contract, his own rate card) works 3 x 8 h with a 30 min break:
 * 23.5 h, 3.5 h overtime. Carol's timesheet is only submitted: not paid. Dave is deactivated.
 */
export function seedOrg(server: TestServer, readableId: string): Org {
  return withDb(server, (db) => {
    const tenantId = tenantIdOf(db, readableId)
    const now = Date.now()
    const cc = (code: string, name: string) => {
      const id = randomUUID()
      db.insert(costCenters).values({ id, tenantId, code, name, createdAt: now }).run()
      return id
    }
    const eng = cc('CC-ENG', 'Engineering'),
      ops = cc('CC-OPS', 'Operations')
    const team = (name: string, costCenterId: string | null) => {
      const id = randomUUID()
      db.insert(teams)
        .values({ id, tenantId, name, description: `${name} team`, costCenterId, createdAt: now })
        .run()
      return id
    }
    const engTeam = team('Engineering', eng),
      support = team('Support', null)
    const alice = person(db, tenantId, { name: 'Alice', role: 'employee', team: engTeam, weeklyHours: 40, costCenterId: null })
    const bob = person(db, tenantId, { name: 'Bob', role: 'employee', team: support, weeklyHours: 20, costCenterId: ops, workProfile: 'support' })
    const carol = person(db, tenantId, { name: 'Carol', role: 'manager', team: engTeam, weeklyHours: 40, costCenterId: null })
    const dave = person(db, tenantId, { name: 'Dave', role: 'employee', team: support, weeklyHours: 40, costCenterId: null, status: 'deactivated' })
    db.update(teams).set({ managerUserId: carol }).where(eq(teams.id, engTeam)).run()
    const card = (name: string, v: { userId?: string; teamId?: string; workProfile?: 'support'; cents: number }) => {
      const id = randomUUID()
      db.insert(rateCards)
        .values({
          id,
          tenantId,
          name,
          userId: v.userId ?? null,
          teamId: v.teamId ?? null,
          workProfile: v.workProfile ?? null,
          hourlyRateCents: v.cents,
          overtimeMultiplier: 1.5,
          currency: 'USD',
          effectiveFrom: '2026-01-01',
          createdAt: now,
        })
        .run()
      return id
    }
    const tenantDefault = card('Default', { cents: 2000 })
    const engCard = card('Engineering', { teamId: engTeam, cents: 3000 })
    card('Support profile', { workProfile: 'support', cents: 2500 })
    const bobCard = card('Bob', { userId: bob, cents: 4000 })
    workWeek(db, tenantId, alice, [9, 9, 9, 9, 9])
    workWeek(db, tenantId, bob, [8, 8, 8], 'approved', { breakMinutesOnFirstDay: 30 })
    workWeek(db, tenantId, carol, [8], 'submitted')
    const template = (name: string, startTime: string, endTime: string, days: number[]) => {
      const id = randomUUID()
      db.insert(shiftTemplates).values({ id, tenantId, name, startTime, endTime, breakMinutes: 30, daysOfWeek: days, createdAt: now }).run()
      return id
    }
    const early = template('Early', '07:00', '15:30', [1, 2, 3, 4, 5]),
      night = template('Night', '22:00', '06:00', [6, 7])
    const shift = (userId: string, templateId: string, startsAt: number, status: 'scheduled' | 'cancelled' = 'scheduled') =>
      db
        .insert(shiftSchedules)
        .values({
          id: randomUUID(),
          tenantId,
          userId,
          templateId,
          date: new Date(startsAt).toISOString().slice(0, 10),
          startsAt,
          endsAt: startsAt + 8.5 * HOUR,
          breakMinutes: 30,
          status,
          createdAt: now,
        })
        .run()
    // Past week on fixed dates, plus shifts relative to now for "upcoming".
    shift(alice, early, at('2026-10-05', 7))
    shift(alice, early, at('2026-10-06', 7))
    shift(bob, early, at('2026-10-05', 7), 'cancelled')
    const tomorrow = Math.floor(now / (24 * HOUR)) * 24 * HOUR + 24 * HOUR + 7 * HOUR
    shift(alice, early, tomorrow)
    shift(bob, night, tomorrow + 24 * HOUR)
    shift(alice, early, now - HOUR) // in progress: still upcoming until it ends
    const sub = db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.tenantId, tenantId)).get()!
    const invoice = (n: number, status: 'paid' | 'open', issuedAt: number) => {
      const id = randomUUID()
      db.insert(invoices)
        .values({
          id,
          tenantId,
          subscriptionId: sub.id,
          number: `INV-${n}`,
          periodStart: '2026-09-01',
          periodEnd: '2026-09-30',
          amountCents: 5100 * 4,
          currency: 'USD',
          status,
          issuedAt,
          paidAt: status === 'paid' ? issuedAt : null,
        })
        .run()
      return id
    }
    const invoicesIds = [invoice(1001, 'paid', at('2026-10-01', 0)), invoice(1002, 'open', at('2026-11-01', 0))]
    return {
      tenantId,
      costCenters: { eng, ops },
      teams: { eng: engTeam, support },
      users: { alice, bob, carol, dave },
      rateCards: { tenantDefault, engTeam: engCard, bob: bobCard },
      templates: { early, night },
      invoices: invoicesIds,
    }
  })
}

/**
 * The world most REST test files start from: a real server, two Business tenants with REST tokens
 * (acme and another company to probe isolation) and an organisation seeded in each.
 */
export async function startTwoOrgs() {
  const server = await startServer()
  const acme = await restTenant(server)
  const other = await restTenant(server)
  return { server, acme, other, org: seedOrg(server, acme.tenant), otherOrg: seedOrg(server, other.tenant) }
}
