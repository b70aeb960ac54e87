/**
 * The exceptions scripts/check-architecture.ts accepts, each with its reason. Keep them few:
 * every entry is a place a reader has to trust instead of the structure.
 */

/** Query functions that take a raw `db` because they span tenants or run before one is known. */
export const GLOBAL_QUERIES: { file: string; name: string; why: string }[] = [
  { file: 'src/modules/webhooks/outbox-queries.ts', name: 'emitEvent', why: 'writes an event before a tenant context exists (a failed login found by key lookup); modules use emit(c, …)' },
  { file: 'src/modules/webhooks/delivery-queries.ts', name: 'fanOutBatch', why: 'the delivery pump fans out the outbox of every tenant in one pass' },
  { file: 'src/modules/webhooks/delivery-queries.ts', name: 'claimDue', why: 'the delivery pump leases due deliveries of every tenant' },
  { file: 'src/modules/webhooks/delivery-queries.ts', name: 'hasDueDeliveries', why: 'the delivery pump asks whether any tenant has a delivery due' },
  { file: 'src/modules/webhooks/attempt-queries.ts', name: 'recordAttempt', why: 'records an attempt of a claimed delivery; the claim carries its tenant id' },
  { file: 'src/modules/rate-limits/queries.ts', name: 'readCounter', why: 'rate-limit counters are keyed by key id on the counters connection, before any tenant context' },
  { file: 'src/modules/rate-limits/queries.ts', name: 'countHourAndDay', why: 'counts a REST request by key id on the counters connection, before the tenant context is built' },
  { file: 'src/modules/rate-limits/queries.ts', name: 'deleteCountersBefore', why: 'housekeeping of expired rate-limit windows of every tenant' },
  { file: 'src/modules/rate-limits/mcp-queries.ts', name: 'loadMinuteCount', why: 'MCP minute windows are keyed by key id on the counters connection' },
  { file: 'src/modules/rate-limits/mcp-queries.ts', name: 'saveMinuteCounts', why: 'flushes the in-memory MCP minute windows of every key at once' },
  { file: 'src/modules/rate-limits/mcp-queries.ts', name: 'pruneMinuteCounts', why: 'housekeeping of expired MCP minute windows of every tenant' },
  { file: 'src/modules/jobs/queries.ts', name: 'acquireLease', why: 'job leases are per job, not per tenant' },
  { file: 'src/modules/jobs/queries.ts', name: 'releaseLease', why: 'job leases are per job, not per tenant' },
  { file: 'src/modules/jobs/queries.ts', name: 'recordTick', why: 'job state is per job, not per tenant' },
  { file: 'src/modules/jobs/queries.ts', name: 'listJobStates', why: 'the jobs CLI lists the state of every job' },
  { file: 'src/modules/jobs/queries.ts', name: 'findRun', why: 'run bookkeeping of the job runner (job x tenant x date), read before the tenant context is built' },
  { file: 'src/modules/jobs/queries.ts', name: 'succeededKeys', why: 'run bookkeeping of the job runner (job x tenant x date), read before the tenant context is built' },
  { file: 'src/modules/jobs/queries.ts', name: 'saveRun', why: 'run bookkeeping of the job runner (job x tenant x date)' },
  { file: 'src/modules/jobs/queries.ts', name: 'lastRunOf', why: 'the jobs CLI reports the last run of a job, any tenant' },
  { file: 'src/modules/jobs/queries.ts', name: 'markTenantDaysDone', why: 'the seed records generated tenant-days as done for the job runner' },
  { file: 'src/modules/payroll/queries.ts', name: 'listUnfinishedPayRuns', why: 'the pay-run job resumes interrupted exports of every tenant' },
]

/** Files that join tables of several modules for one read; the tables they may read. */
export const READ_MODELS: { file: string; tables: string[]; why: string }[] = [
  {
    file: 'src/modules/time-tracking/worked-time-read-model.ts',
    tables: ['timeLogs', 'breaks', 'timesheets'],
    why: 'worked time (logs less breaks) in one SQL aggregate for payroll, budgets and timesheets; payroll pays only logs of approved timesheets',
  },
  {
    file: 'src/modules/timesheets/timesheet-list-read-model.ts',
    tables: ['timesheets', 'users'],
    why: "the REST timesheet list pages by period, then by the owner's name: the page needs the join",
  },
  {
    file: 'src/modules/shifts/shift-list-read-model.ts',
    tables: ['shiftSchedules', 'shiftTemplates', 'users'],
    why: "the schedule lists page shifts by start, then by the person's name: the page needs the join",
  },
]

/** `as unknown as` that bridges a library's types; nothing of ours may need one. */
export const AS_UNKNOWN_ALLOWED: { file: string; why: string }[] = []

/** Exported names that may be declared in several files (none yet). */
export const SAME_NAME_ALLOWED: string[] = []
