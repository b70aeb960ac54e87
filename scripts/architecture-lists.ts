/**
 * The exceptions scripts/check-architecture.ts accepts, each with its reason. Keep them few:
 * every entry is a place a reader has to trust instead of the structure.
 */

/** Query functions that take a raw `db` because they span tenants or run before one is known. */
export const GLOBAL_QUERIES: { file: string; name: string; why: string }[] = [
  {
    file: 'src/modules/shifts/weekday-repair-queries.ts',
    name: 'tenantIdsWithTextWeekdays',
    why: 'the start-up repair finds the tenants that still hold text weekdays, so a repaired install reads once',
  },
  { file: 'src/modules/analytics/purge-queries.ts', name: 'purgeTenantlessToolCallsBefore', why: 'anonymous discovery calls belong to no tenant' },
  { file: 'src/modules/jobs/purge-queries.ts', name: 'purgeGlobalJobRunsBefore', why: 'runs of global jobs belong to no tenant' },
  {
    file: 'src/modules/oauth/purge-queries.ts',
    name: 'purgeExpiredOAuthTokensBefore',
    why: 'the global retention job clears expired OAuth tokens of every tenant',
  },
  {
    file: 'src/modules/oauth/purge-queries.ts',
    name: 'purgeRevokedOAuthGrantsBefore',
    why: 'the global retention job clears long-revoked OAuth grants of every tenant',
  },
  { file: 'src/modules/oauth/purge-queries.ts', name: 'purgeUnusedOAuthClientsBefore', why: 'OAuth clients belong to no tenant' },
  {
    file: 'src/modules/analytics/queries.ts',
    name: 'insertToolCalls',
    why: 'the write-behind recorder flushes the tool calls of every tenant (and of calls made before a tenant is known) in one batch',
  },
  // Authentication and tenant lookup: they run before a tenant is known, and find it.
  { file: 'src/modules/api-keys/queries.ts', name: 'findKeyByLookup', why: 'authentication: the presented key names its tenant only through this row' },
  { file: 'src/modules/api-keys/auth-epoch-queries.ts', name: 'authEpoch', why: 'authentication: read before a tenant is known; one row for the instance' },
  { file: 'src/modules/api-keys/auth-epoch-queries.ts', name: 'ensureAuthEpoch', why: 'start-up: creates the instance-wide epoch table and its triggers' },
  {
    file: 'src/modules/api-keys/auth-epoch-queries.ts',
    name: 'createTurnEpoch',
    why: 'authentication: the instance-wide epoch, read before a tenant is known (once per event-loop turn)',
  },
  {
    file: 'src/modules/users/users-admin-queries.ts',
    name: 'findInvitationByTokenHash',
    why: 'accepting an invitation: the token is the only credential, and its row names the tenant',
  },
  {
    file: 'src/modules/activity/enrollment-queries.ts',
    name: 'findEnrollmentCodeByHash',
    why: 'enrolling a desktop agent: the one-time code is the only credential, and its row names the tenant',
  },
  // Console sign-in (issue 15): the e-mail, the session cookie or the link token names the tenant.
  { file: 'src/modules/users/queries.ts', name: 'activeUsersByEmailInAnyTenant', why: 'console sign-in: the form names a person by e-mail, not their company' },
  {
    file: 'src/modules/accounts/queries.ts',
    name: 'findSessionByTokenHash',
    why: 'console authentication: the session cookie names its tenant only through this row',
  },
  {
    file: 'src/modules/accounts/queries.ts',
    name: 'findAccountTokenByHash',
    why: 'a password link: the token is the only credential, and its row names the tenant',
  },
  {
    file: 'src/modules/accounts/queries.ts',
    name: 'passwordHashesOf',
    why: 'console sign-in: the password hashes of the people an e-mail names, in any tenant',
  },
  // MCP authorization (issue 16): OAuth clients belong to no tenant; a presented code or token names its tenant.
  { file: 'src/modules/oauth/queries.ts', name: 'insertClient', why: 'OAuth Dynamic Client Registration: a client is a program, not a tenant’s record' },
  { file: 'src/modules/oauth/queries.ts', name: 'findClientById', why: 'OAuth authorization request: the client_id names a client of no tenant' },
  {
    file: 'src/modules/oauth/queries.ts',
    name: 'findTokenByHash',
    why: 'OAuth code, access or refresh token: the token is the only credential, and its row names the tenant',
  },
  { file: 'src/modules/tenants/queries.ts', name: 'findTenantCtx', why: 'builds the tenant context itself (authentication, jobs, CLI) from an id' },
  { file: 'src/modules/tenants/queries.ts', name: 'findTenantForAuth', why: 'the context and row for key authentication' },
  {
    file: 'src/modules/tenants/queries.ts',
    name: 'findTenantById',
    why: 'a tenant row by id for code that spans tenants (webhook delivery labels); tenant-bound code uses getTenantRow(c)',
  },
  {
    file: 'src/modules/tenants/queries.ts',
    name: 'findTenantByReference',
    why: 'the operator names a tenant by readable id or slug before any context exists',
  },
  { file: 'src/modules/tenants/queries.ts', name: 'listTenants', why: 'the list of tenants: jobs and the CLI loop over it' },
  {
    file: 'src/modules/tenants/queries.ts',
    name: 'findDefaultDemoTenant',
    why: 'the demo tenant that any caller (public demo key, switch_to_demo) is pointed at',
  },
  // Creating a tenant: there is no tenant to scope by yet.
  { file: 'src/modules/tenants/queries.ts', name: 'readableIdTaken', why: 'uniqueness of a new tenant readable id across all tenants' },
  { file: 'src/modules/tenants/queries.ts', name: 'slugTaken', why: 'uniqueness of a new tenant slug across all tenants' },
  { file: 'src/modules/tenants/queries.ts', name: 'insertTenant', why: 'creates the tenant that later scopes exist for' },
  // The plan catalogue is reference data shared by every tenant.
  { file: 'src/modules/tenants/queries.ts', name: 'upsertPlanCatalog', why: 'writes the plan catalogue (no tenant column) at every start' },
  { file: 'src/modules/tenants/queries.ts', name: 'listPlans', why: 'the plan catalogue (no tenant column), also read without a key' },
  { file: 'src/modules/tenants/queries.ts', name: 'findPlan', why: 'one plan of the catalogue (no tenant column)' },
  { file: 'src/modules/tenants/queries.ts', name: 'listRetentionPolicies', why: 'retention periods per plan (no tenant column)' },
  // Sweeps over every tenant's rows; each hit is then handled in its tenant's scope.
  { file: 'src/modules/billing/trial-queries.ts', name: 'trialsEndingUnannounced', why: "the trial-ending job's sweep over every tenant's subscriptions" },
  { file: 'src/modules/notifications/queries.ts', name: 'dueEmails', why: 'the email outbox pump sends due emails of every tenant' },
  { file: 'src/modules/notifications/queries.ts', name: 'claimEmail', why: 'the email outbox pump claims an email row by id' },
  { file: 'src/modules/notifications/queries.ts', name: 'markEmailSent', why: 'the email outbox pump records a send by email id' },
  { file: 'src/modules/notifications/queries.ts', name: 'markEmailFailed', why: 'the email outbox pump records a failure by email id' },
  {
    file: 'src/modules/webhooks/outbox-queries.ts',
    name: 'emitEvent',
    why: 'writes an event before a tenant context exists (a failed login found by key lookup); modules use emit(c, …)',
  },
  { file: 'src/modules/webhooks/delivery-queries.ts', name: 'fanOutBatch', why: 'the delivery pump fans out the outbox of every tenant in one pass' },
  { file: 'src/modules/webhooks/delivery-queries.ts', name: 'claimDue', why: 'the delivery pump leases due deliveries of every tenant' },
  { file: 'src/modules/webhooks/delivery-queries.ts', name: 'hasDueDeliveries', why: 'the delivery pump asks whether any tenant has a delivery due' },
  { file: 'src/modules/webhooks/delivery-queries.ts', name: 'countPendingDeliveries', why: '/metrics shows the webhook queue depth of the whole box' },
  { file: 'src/modules/webhooks/attempt-queries.ts', name: 'recordAttempt', why: 'records an attempt of a claimed delivery; the claim carries its tenant id' },
  {
    file: 'src/modules/rate-limits/queries.ts',
    name: 'readCounter',
    why: 'rate-limit counters are keyed by key id on the counters connection, before any tenant context',
  },
  {
    file: 'src/modules/rate-limits/queries.ts',
    name: 'countRequests',
    why: 'counts a batch of REST, client API and MCP requests by key id and tenant id on the counters connection, before the tenant context is built',
  },
  { file: 'src/modules/rate-limits/queries.ts', name: 'deleteCountersBefore', why: 'housekeeping of expired rate-limit windows of every tenant' },
  { file: 'src/modules/rate-limits/mcp-queries.ts', name: 'pruneMinuteCounts', why: 'housekeeping of expired MCP minute windows of every tenant' },
  { file: 'src/modules/mcp-sessions/queries.ts', name: 'pruneIdleMcpSessions', why: 'housekeeping of idle MCP sessions of every tenant' },
  { file: 'src/modules/jobs/queries.ts', name: 'acquireLease', why: 'job leases are per job, not per tenant' },
  { file: 'src/modules/jobs/queries.ts', name: 'releaseLease', why: 'job leases are per job, not per tenant' },
  { file: 'src/modules/jobs/queries.ts', name: 'recordTick', why: 'job state is per job, not per tenant' },
  { file: 'src/modules/jobs/queries.ts', name: 'listJobStates', why: 'the jobs CLI lists the state of every job' },
  {
    file: 'src/modules/jobs/queries.ts',
    name: 'findRun',
    why: 'run bookkeeping of the job runner (job x tenant x date), read before the tenant context is built',
  },
  {
    file: 'src/modules/jobs/queries.ts',
    name: 'succeededKeys',
    why: 'run bookkeeping of the job runner (job x tenant x date), read before the tenant context is built',
  },
  { file: 'src/modules/jobs/queries.ts', name: 'saveRun', why: 'run bookkeeping of the job runner (job x tenant x date)' },
  { file: 'src/modules/jobs/queries.ts', name: 'lastRunOf', why: 'the jobs CLI reports the last run of a job, any tenant' },
  { file: 'src/modules/jobs/queries.ts', name: 'markTenantDaysDone', why: 'the seed records generated tenant-days as done for the job runner' },
  {
    file: 'src/modules/time-tracking/person-day-queries.ts',
    name: 'ensurePersonDayTriggers',
    why: 'creates at start the triggers on time_logs and breaks that mark changes of worked time, for every tenant',
  },
  {
    file: 'src/modules/tasks/queries.ts',
    name: 'ensureTaskCountTriggers',
    why: 'creates at start the triggers keeping the task counts of every tenant, recounting them once when missing',
  },
  { file: 'src/modules/payroll/queries.ts', name: 'listUnfinishedPayRuns', why: 'the pay-run job resumes interrupted exports of every tenant' },
  // Stored secrets written in clear before encryption are sealed at start, every tenant's at once.
  { file: 'src/modules/webhooks/queries.ts', name: 'sealPlaintextSigningSecrets', why: 'seals the clear signing secrets of every tenant once at start' },
  { file: 'src/modules/users/two-factor-queries.ts', name: 'sealPlaintextTotpSecrets', why: 'seals the clear TOTP secrets of every tenant once at start' },
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
export const AS_UNKNOWN_ALLOWED: { file: string; why: string }[] = [
  { file: 'src/kernel/db.ts', why: 'sqliteOf: drizzle keeps the bun:sqlite connection on its session, which its types do not expose' },
  {
    file: 'src/kernel/migrate.ts',
    why: "drizzle's dialect migrator and session are internal to its types; embedded migrations call them as drizzle's own migrator does",
  },
]

/** Exported names that may be declared in several files (none yet). */
export const SAME_NAME_ALLOWED: string[] = []
