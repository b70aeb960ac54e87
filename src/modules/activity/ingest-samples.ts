import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import { callerUserId } from '../../kernel/access'
import type { TenantBoundCtx } from '../../kernel/ctx'
import { addDays, localDate, localDateMemo, toIso } from '../../kernel/time'
import { userAsOfAuth, type UserRow } from '../users/queries'
import { tenantRowAsOfAuth } from '../tenants/queries'
import { succeededKeys } from '../jobs/queries'
import { emitAll } from '../webhooks/outbox-queries'
import { categorizer } from './categorize'
import { teamIdsOfUser } from '../teams/membership'
import { writeDailySummaries } from './daily-summaries'
import { dailySummariesJob } from './jobs'
import { newlyIdleStretches, windowDecides } from './idle-stretches'
import { getAgentSessionOfUser, isTimedOut, recordHeartbeat } from './agent-queries'
import { findIngestBatch, idleSamplesOn, insertIngestBatch, insertSamples, listCategoryRules, summarisedDates, type SampleInsert } from './ingest-queries'
import {
  IngestSamplesInput,
  IngestSamplesOutput,
  screenSamples,
  LATE_WINDOW_DAYS,
  MAX_SAMPLES_PER_BATCH,
  MAX_SAMPLE_DURATION_SECONDS,
  type ScreenedSample,
} from './ingest-model'

/**
 * Ingests one batch of application-usage samples from the desktop agent, in one transaction:
 * the batch id (idempotency), the samples with their category and tenant-local date, the
 * idle.detected events, and re-summarised past days. A retried batch_id stores nothing and
 * answers the first result with duplicate: true.
 */
export const ingestSamples = defineOperation({
  name: 'ingest_activity_samples',
  title: 'Upload application-usage samples',
  description: `Uploads up to ${MAX_SAMPLES_PER_BATCH} application-usage samples of the calling user. Each sample says which application was in front, for how long and whether the user was idle: no keystrokes, window titles, content or URLs. Samples up to ${LATE_WINDOW_DAYS} days late are accepted in any order; older ones are refused one by one (too_old). Categories come from the tenant's rules, then built-in defaults for the user's work profile.`,
  access: { role: 'employee', write: true, userScopedKey: true },
  input: IngestSamplesInput,
  output: IngestSamplesOutput,
  run(ctx, input) {
    const userId = callerUserId(ctx)
    return inTransaction(ctx, (c) => {
      const prior = findIngestBatch(c, userId, input.batch_id)
      const receivedAt = prior?.receivedAt ?? ctx.now
      const { accepted, rejections } = screenSamples(input.samples, receivedAt)
      const result = { batch_id: input.batch_id, received_at: toIso(receivedAt), rejected: rejections.length, rejections }
      if (prior) return { ...result, accepted: prior.sampleCount, duplicate: true }

      const sessionId = input.session_id ? touchSession(c, userId, input.session_id) : null
      const user = userAsOfAuth(c, userId)
      const rows = toRows(c, user, accepted, sessionId)
      insertSamples(c, userId, input.batch_id, rows)
      insertIngestBatch(c, userId, input.batch_id, rows.length)
      if (rows.some((r) => r.isIdle)) emitIdleDetected(c, user, input.batch_id, rows)
      resummariseLateDays(c, rows)
      return { ...result, accepted: rows.length, duplicate: false }
    })
  },
})

/** The session must be the caller's; an active one counts the upload as a heartbeat. */
function touchSession(ctx: TenantBoundCtx, userId: string, sessionId: string): string {
  const session = getAgentSessionOfUser(ctx, userId, sessionId)
  if (session.endedAt === null && !isTimedOut(session, ctx.now)) recordHeartbeat(ctx, session.id)
  return session.id
}

function toRows(ctx: TenantBoundCtx, user: UserRow, accepted: ScreenedSample[], sessionId: string | null): SampleInsert[] {
  const rules = listCategoryRules(ctx)
  // The person's teams matter only to team rules: most companies have none, and then they are not read.
  const categorize = categorizer(rules, user.workProfile, rules.some((r) => r.teamId != null) ? teamIdsOfUser(ctx, user) : [])
  const dateOf = localDateMemo(ctx.tenant.timezone)
  return accepted.map(({ sample, startedAt }) => ({
    sessionId,
    application: sample.application,
    windowClass: sample.window_class ?? null,
    category: categorize(sample.application, sample.window_class),
    startedAt,
    durationSeconds: sample.duration_seconds,
    isIdle: sample.idle,
    localDate: dateOf(startedAt),
  }))
}

const uniqueDates = (rows: SampleInsert[]) => [...new Set(rows.map((r) => r.localDate))].sort()

/**
 * How far before and after a batch's idle samples idle detection reads first. Before: more than
 * the longest sample, so that a stretch starting up to ten minutes before the batch is known to
 * start there; after: ten minutes (a batch is usually the newest upload).
 */
const IDLE_BEFORE_MS = (MAX_SAMPLE_DURATION_SECONDS + 600) * 1000
const IDLE_AFTER_MS = 600_000

/** idle.detected once per idle stretch beyond the tenant's threshold (see idle-stretches.ts). */
function emitIdleDetected(ctx: TenantBoundCtx, user: UserRow, batchId: string, rows: SampleInsert[]): void {
  const threshold = tenantRowAsOfAuth(ctx).idleThresholdSeconds ?? 300
  const dates = uniqueDates(rows.filter((r) => r.isIdle))
  // A stretch may run over midnight: look one day either side of the batch's idle dates.
  const around = [...new Set(dates.flatMap((d) => [addDays(d, -1), d, addDays(d, 1)]))]
  // The neighbours of the batch's idle samples first; the dates' every idle sample when a
  // stretch of the batch may reach beyond them (windowDecides): the same stretches either way.
  let from = Number.POSITIVE_INFINITY
  let to = Number.NEGATIVE_INFINITY
  for (const r of rows) {
    if (!r.isIdle) continue
    from = Math.min(from, r.startedAt - IDLE_BEFORE_MS)
    to = Math.max(to, r.startedAt + r.durationSeconds * 1000 + IDLE_AFTER_MS)
  }
  let samples = idleSamplesOn(ctx, user.id, around, from, to)
  if (!windowDecides(samples, batchId, from, to, MAX_SAMPLE_DURATION_SECONDS * 1000)) samples = idleSamplesOn(ctx, user.id, around)
  const stretches = newlyIdleStretches(samples, batchId, threshold)
  const events = stretches.map((s) => ({
    type: 'idle.detected' as const,
    data: { userId: user.id, userEmail: user.email, startedAt: toIso(s.startedAt), idleSeconds: s.idleSeconds, thresholdSeconds: threshold },
  }))
  emitAll(ctx, events)
}

/**
 * Late samples on a day that was already summarised (the daily job ran, or a summary exists)
 * re-summarise that day, so that summaries always equal their samples. Today is left to the job.
 */
function resummariseLateDays(ctx: TenantBoundCtx, rows: SampleInsert[]): void {
  const today = localDate(ctx.now, ctx.tenant.timezone)
  const past = uniqueDates(rows).filter((d) => d < today)
  if (past.length === 0) return
  const done = succeededKeys(ctx.db, dailySummariesJob.name, ctx.tenant.id, past[0]!)
  const summarised = summarisedDates(ctx, past)
  for (const date of past) if (done.has(date) || summarised.has(date)) writeDailySummaries(ctx, date)
}
