import type { Database } from 'bun:sqlite'
import type { DatabaseHandle } from '../src/kernel/db'
import { ROLE_LABELS, type Role } from '../src/kernel/ctx'
import { DomainError } from '../src/kernel/errors'
import { slugify } from '../src/kernel/ids'
import { DAY, addDays, dateRange, isValidTimeZone, localDate } from '../src/kernel/time'
import { issueKey } from '../src/modules/api-keys/issue-key'
import { markTenantDaysDone } from '../src/modules/jobs/queries'
import { JOBS } from '../src/surfaces/registry'
import { isTenantDayJob } from '../src/kernel/job'
import { ensurePublicDemoKey } from '../src/modules/api-keys/public-demo-key'
import { newReadableId } from '../src/modules/tenants/create-tenant'
import { insertTenant, slugTaken, type TenantRow } from '../src/modules/tenants/queries'
import { regionFor } from './catalog/places'
import { buildCompany, COMPANY_NAME, FOUNDED_DAYS_BEFORE } from './company/build'
import { writeCompany } from './company/write'
import { Calendar, SETTINGS, createWriters, flushAll, inTransaction, rowCounts, type SeedEnv } from './env'
import { settleBudgets, settleDevices, writeUpcomingShifts } from './finish'
import { rebuildPersonDayTotals } from '../src/modules/time-tracking/person-day-queries'
import { writeBilling } from './history/billing'
import { writePeopleHistory } from './history/people'
import type { Company } from './model'
import { Roster } from './plan/roster'
import { writeWorkloadAlerts } from './render/alerts'
import { RunState } from './render/state'
import { IdGen, hashString } from './rng'
import { generateHistory } from './run'

export { DEMO_SCENARIOS } from './scenarios'

export interface SeedOptions {
  employees: number
  days: number
  seed: string
  timezone: string
  /** The clock the history ends at ("today" is its local date); fixed in tests for identical output. */
  now: number
  onProgress?: (step: string, done: number, total: number) => void
}

export interface SeedSummary {
  tenantId: number
  readableId: string
  slug: string
  counts: Record<string, number>
  publicDemoKey: string
  roleKeys: Record<Role, string>
  elapsedMs: number
}

export const DEFAULT_SEED_OPTIONS = { employees: 36, days: 30, seed: 'workforce-demo', timezone: 'Europe/Berlin' }
/** The smallest company that still has every role and the three scenario teams. */
export const SEED_LIMITS = { employees: { min: 8, max: 10_000 }, days: { min: 1, max: 365 } } as const

/**
 * Builds a demo tenant (DEMO-######, Business trial, read-only) with a company and its history
 * up to `now`: the same seed, options and `now` give the same content; only the readable id and
 * the keys differ. The tenant stays hidden (deleted_at set) until it is complete.
 */
export function seedDemoTenant(handle: DatabaseHandle, secret: Buffer, options: SeedOptions): SeedSummary {
  const started = performance.now()
  checkOptions(options)
  const env = createEnv(handle.sqlite, options)
  // The first id of the stream is the subscription's; if it exists, this seed was used here before.
  const subscriptionId = env.ids.uuid()
  const company = buildCompany(env, options.employees)
  try {
    return withBulkSettings(handle.sqlite, () => {
      const tenant = inTransaction(
        env,
        () => {
          const row = insertTenantRow(handle, env)
          env.tenantId = row.id
          writeCompany(env, company)
          writeBilling(env, company, subscriptionId)
          writePeopleHistory(env, company)
          return row
        },
        true,
      )
      const keys = writeHistoryAndFinish(handle, env, company, secret, tenant, options.onProgress)
      return {
        tenantId: tenant.id,
        readableId: tenant.readableId,
        slug: tenant.slug,
        counts: { tenants: 1, api_keys: 5, ...rowCounts(env.w) },
        publicDemoKey: keys.publicDemoKey,
        roleKeys: keys.roleKeys,
        elapsedMs: performance.now() - started,
      }
    })
  } catch (e) {
    // Cascading foreign keys remove everything a half-built tenant wrote.
    if (env.tenantId) handle.sqlite.run('DELETE FROM tenants WHERE id = ?', [env.tenantId])
    throw e
  } finally {
    for (const writer of Object.values(env.w)) writer.finalize()
  }
}

function writeHistoryAndFinish(
  handle: DatabaseHandle,
  env: SeedEnv,
  company: Company,
  secret: Buffer,
  tenant: TenantRow,
  onProgress: SeedOptions['onProgress'],
) {
  const roster = new Roster(env, company)
  const state = new RunState(company, env.days.length)
  onProgress?.('history', 0, env.days.length)
  const synchronous = handle.sqlite.query('PRAGMA synchronous').get() as { synchronous: number }
  // Synthetic history can be regenerated, so its intermediate commits skip the fsync; the final
  // commit runs with the database's own setting (FULL) again and makes everything durable.
  handle.sqlite.exec('PRAGMA synchronous = NORMAL')
  try {
    generateHistory({ env, company, roster, state }, (done, total) => onProgress?.('history', done, total))
  } finally {
    handle.sqlite.exec(`PRAGMA synchronous = ${synchronous.synchronous}`)
  }
  return inTransaction(env, () => {
    writeUpcomingShifts(env, company, roster)
    settleBudgets(env, company, state)
    settleDevices(env, state)
    // Worked time per person and date, counted by the product from the history just written.
    flushAll(env.w)
    rebuildPersonDayTotals({ tenant: { id: env.tenantId, timezone: env.tz }, db: handle.db, now: env.now })
    // After the history is in the database: the alerts are the product's own reading of it.
    writeWorkloadAlerts(env, handle.db)
    const issued = issueKeys(handle, env, company, secret, tenant)
    // The history already holds what the per-tenant-day jobs would produce for its past days.
    const dailyJobs = JOBS.filter(isTenantDayJob).map((j) => j.name)
    markTenantDaysDone(handle.db, dailyJobs, tenant.id, env.days.slice(0, -1), env.now)
    handle.sqlite.run('UPDATE tenants SET deleted_at = NULL WHERE id = ?', [tenant.id])
    return issued
  })
}

/** A larger page cache while seeding; the connection's own setting is restored after. */
function withBulkSettings<T>(sqlite: Database, fn: () => T): T {
  const cache = sqlite.query('PRAGMA cache_size').get() as { cache_size: number }
  sqlite.exec('PRAGMA cache_size = -65536')
  try {
    return fn()
  } finally {
    sqlite.exec(`PRAGMA cache_size = ${cache.cache_size}`)
  }
}

function checkOptions(o: SeedOptions): void {
  const bad = (field: string, message: string) => new DomainError('invalid_argument', message, { field })
  const { employees, days } = SEED_LIMITS
  if (!Number.isInteger(o.employees) || o.employees < employees.min || o.employees > employees.max)
    throw bad('employees', `employees must be an integer from ${employees.min} to ${employees.max}`)
  if (!Number.isInteger(o.days) || o.days < days.min || o.days > days.max) throw bad('days', `days must be an integer from ${days.min} to ${days.max}`)
  if (!isValidTimeZone(o.timezone)) throw bad('timezone', `Unknown time zone: ${o.timezone}`)
}

function createEnv(sqlite: Database, o: SeedOptions): SeedEnv {
  const now = Math.floor(o.now / 1000) * 1000
  const today = localDate(now, o.timezone)
  const seed = hashString(o.seed)
  const days = dateRange(addDays(today, -(o.days - 1)), today)
  const cal = new Calendar(o.timezone)
  // Ids (and tokens) of tenants seeded from the same seed on other dates or zones come from other
  // streams; on the same date and zone the first id collides and the salt moves to a new stream.
  const stream = [seed, cal.dayNumber(days[0]!), hashString(o.timezone)]
  const idsFor = (salt: number) => {
    const ids = new IdGen(stream, salt)
    ids.setClock(cal.midnight(days[0]!) - FOUNDED_DAYS_BEFORE * DAY)
    return ids
  }
  let salt = 0
  while (sqlite.query('SELECT 1 FROM subscriptions WHERE id = ?').get(idsFor(salt).uuid())) salt++
  return {
    sqlite,
    w: createWriters(sqlite),
    tenantId: 0,
    tz: o.timezone,
    region: regionFor(o.timezone, now),
    cal,
    ids: idsFor(salt),
    seed,
    now,
    today,
    firstDay: days[0]!,
    days,
  }
}

function insertTenantRow(handle: DatabaseHandle, env: SeedEnv): TenantRow {
  const readableId = newReadableId(handle.db, true)
  let slug = slugify(readableId)
  for (let i = 2; slugTaken(handle.db, slug); i++) slug = `${slugify(readableId)}-${i}`
  return insertTenant(handle.db, {
    readableId,
    slug,
    name: `${COMPANY_NAME} (demo)`,
    planId: 'business',
    timezone: env.tz,
    isDemo: true,
    currency: env.region.currency,
    geofencePolicy: 'enforce',
    presenceTapMinutes: SETTINGS.presenceTapMinutes,
    idleThresholdSeconds: SETTINGS.idleThresholdSeconds,
    productivityDropThreshold: SETTINGS.productivityDropThreshold,
    autoClockOutHours: SETTINGS.autoClockOutHours,
    payPeriod: 'weekly',
    // The tenant starts with its history (the company itself is older): jobs that catch up
    // from a tenant's creation then only look at the generated days.
    overtimeDailyHours: SETTINGS.overtimeDailyHours,
    createdAt: env.cal.midnight(env.firstDay),
    deletedAt: env.now,
  })
}

/** One read-only demo key per role, each bound to the persona whose story it shows best. */
function issueKeys(handle: DatabaseHandle, env: SeedEnv, company: Company, secret: Buffer, tenant: TenantRow) {
  const { personas, people } = company
  const personaFor: Record<Role, number> = {
    employee: personas.droppingEngineer,
    manager: personas.supportManager,
    admin: personas.admins[0]!,
    owner_admin: personas.owner,
  }
  const c = { tenant, db: handle.db, now: env.now }
  const roleKeys = {} as Record<Role, string>
  for (const [role, idx] of Object.entries(personaFor) as [Role, number][]) {
    roleKeys[role] = issueKey(c, {
      kind: 'demo',
      scope: 'read',
      role,
      name: `Demo ${ROLE_LABELS[role]} key (${people[idx]!.name})`,
      userId: people[idx]!.id,
      createdByUserId: null,
      expiresAt: null,
    }).key
  }
  const admin = people[personas.admins[0]!]!
  const publicDemoKey = ensurePublicDemoKey(c, secret, { userId: admin.id, role: 'admin' })
  return { roleKeys, publicDemoKey }
}
