import { sql } from 'drizzle-orm'
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { describeEntity } from '../../kernel/dictionary'
import { flag, instant, localDay, tenantRef, uuidPk } from '../../db/columns'
import { users, type WorkProfile } from '../users/schema'
import { timeLogs } from '../time-tracking/schema'
import { teams } from '../teams/schema'

export const CATEGORIES = ['productive', 'neutral', 'unproductive'] as const
export type Category = (typeof CATEGORIES)[number]

export const devices = sqliteTable(
  'devices',
  {
    id: uuidPk(),
    tenantId: tenantRef(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    platform: text('platform').$type<'windows' | 'macos' | 'linux'>().notNull(),
    fingerprint: text('fingerprint').notNull(),
    agentVersion: text('agent_version'),
    registeredAt: instant('registered_at').notNull(),
    lastSeenAt: instant('last_seen_at'),
  },
  (t) => [uniqueIndex('devices_tenant_user_fp_uq').on(t.tenantId, t.userId, t.fingerprint)],
)

export const devicesDoc = describeEntity(devices, {
  entity: 'Device',
  description: 'A computer running the desktop agent for one user; a new one emits security.new_device_login.',
  fields: {
    id: 'UUID of the device.',
    tenantId: 'Owning tenant.',
    userId: 'User the agent reports for.',
    name: 'Host name shown to the user.',
    platform: 'windows, macos or linux.',
    fingerprint: 'Stable identifier the agent derives from the machine.',
    agentVersion: 'Version of the desktop agent.',
    registeredAt: 'First registration.',
    lastSeenAt: 'Last heartbeat or upload.',
  },
})

export const AGENT_SESSION_END_REASONS = ['agent', 'handover', 'timeout', 'clock_out'] as const
export type AgentSessionEndReason = (typeof AGENT_SESSION_END_REASONS)[number]

export const agentSessions = sqliteTable(
  'agent_sessions',
  {
    id: uuidPk(),
    tenantId: tenantRef(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: text('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    startedAt: instant('started_at').notNull(),
    lastHeartbeatAt: instant('last_heartbeat_at').notNull(),
    endedAt: instant('ended_at'),
    endReason: text('end_reason').$type<AgentSessionEndReason>(),
  },
  (t) => [
    index('agent_sessions_tenant_user_idx').on(t.tenantId, t.userId, t.startedAt),
    index('agent_sessions_tenant_active_idx').on(t.tenantId, t.userId).where(sql`ended_at is null`),
  ],
)

export const agentSessionsDoc = describeEntity(agentSessions, {
  entity: 'AgentSession',
  description: 'A desktop-agent session. A clock-in elsewhere ends the active one (cross-device handover).',
  exposedByTool: ['clock_in', 'get_employee_details'],
  fields: {
    id: 'UUID of the session.',
    tenantId: 'Owning tenant.',
    userId: 'User of the session.',
    deviceId: 'Device running the agent.',
    startedAt: 'Session start.',
    lastHeartbeatAt: 'Last heartbeat from the agent.',
    endedAt: 'Session end; null while active.',
    endReason: 'agent (stopped), handover (clock-in elsewhere), timeout (no heartbeat) or clock_out.',
  },
})

export const activitySamples = sqliteTable(
  'activity_samples',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    tenantId: tenantRef(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').references(() => agentSessions.id, { onDelete: 'set null' }),
    batchId: text('batch_id'),
    application: text('application').notNull(),
    windowClass: text('window_class'),
    category: text('category').$type<Category>().notNull(),
    startedAt: instant('started_at').notNull(),
    durationSeconds: integer('duration_seconds').notNull(),
    isIdle: flag('is_idle').notNull(),
    localDate: localDay('local_date').notNull(),
  },
  (t) => [
    index('activity_samples_tenant_date_user_idx').on(t.tenantId, t.localDate, t.userId),
    // Idle detection on every batch with idle samples (ingest-queries idleSamplesOn): a person's
    // idle samples of a few dates, read from the index alone, without the other samples.
    index('activity_samples_idle_idx').on(t.tenantId, t.userId, t.localDate, t.startedAt, t.durationSeconds, t.batchId).where(sql`is_idle = 1`),
  ],
)

export const activitySamplesDoc = describeEntity(activitySamples, {
  entity: 'ActivitySample',
  description:
    'Application usage reported by the desktop agent: which application was in front, for how long, and whether the user was idle. No keystrokes, content or URLs are recorded.',
  exposedByTool: ['get_productivity_overview', 'get_employee_details'],
  fields: {
    id: 'Sequence number.',
    tenantId: 'Owning tenant.',
    userId: 'Whose usage.',
    sessionId: 'Agent session that reported it.',
    batchId: 'Client batch id that made the upload idempotent.',
    application: 'Application name (e.g. Visual Studio Code).',
    windowClass: 'Window class or bundle id, used by category rules.',
    category: 'productive, neutral or unproductive, from the category rules at ingestion.',
    startedAt: 'Start of the sample.',
    durationSeconds: 'Length of the sample in seconds.',
    isIdle: 'True when no input happened during the sample.',
    localDate: 'Tenant-local date of the start, for daily aggregation.',
  },
})

export const ingestBatches = sqliteTable(
  'ingest_batches',
  {
    tenantId: tenantRef(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    batchId: text('batch_id').notNull(),
    sampleCount: integer('sample_count').notNull(),
    receivedAt: instant('received_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId, t.batchId] })],
)

export const ingestBatchesDoc = describeEntity(ingestBatches, {
  entity: 'IngestBatch',
  description: 'Client batch ids already ingested, so that a retried upload never counts twice.',
  fields: {
    tenantId: 'Owning tenant.',
    userId: 'Uploader.',
    batchId: 'Client-supplied batch id.',
    sampleCount: 'Samples accepted from the batch.',
    receivedAt: 'When the batch was first received.',
  },
})

export const MATCH_FIELDS = ['application', 'window_class'] as const
export type MatchField = (typeof MATCH_FIELDS)[number]
export const MATCH_KINDS = ['contains', 'exact'] as const
export type MatchKind = (typeof MATCH_KINDS)[number]

export const categoryRules = sqliteTable(
  'category_rules',
  {
    id: uuidPk(),
    tenantId: tenantRef(),
    matchField: text('match_field').$type<MatchField>().notNull(),
    pattern: text('pattern').notNull(),
    category: text('category').$type<Category>().notNull(),
    workProfile: text('work_profile').$type<WorkProfile>(),
    priority: integer('priority').notNull().default(100),
    createdAt: instant('created_at').notNull(),
    teamId: text('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    matchKind: text('match_kind').$type<MatchKind>().notNull().default('contains'),
    updatedAt: instant('updated_at'),
  },
  (t) => [index('category_rules_tenant_idx').on(t.tenantId, t.priority), index('category_rules_tenant_team_idx').on(t.tenantId, t.teamId)],
)

export const categoryRulesDoc = describeEntity(categoryRules, {
  entity: 'CategoryRule',
  description:
    'Per-tenant or per-team mapping from application to productivity category, optionally per work profile; built-in defaults apply when none match (docs/config-categories.md).',
  exposedByTool: ['get_productivity_overview'],
  fields: {
    id: 'UUID of the rule.',
    tenantId: 'Owning tenant.',
    matchField: 'application or window_class.',
    pattern: 'Text to match, case-insensitive: the whole value (exact) or a part of it (contains).',
    category: 'productive, neutral or unproductive.',
    workProfile: 'Only for users of this work profile; null for everyone.',
    priority: 'Lower numbers are tried first within a tier (team rules, then tenant rules).',
    createdAt: 'When the rule was created.',
    teamId: 'Only for members of this team (a team rule, tried before every tenant rule); null for the whole tenant.',
    matchKind: 'contains (the pattern is a part of the value) or exact (the whole value); exact rules are tried first within a tier.',
    updatedAt: 'When the rule was last edited; null if never.',
  },
})

export const BLOCK_KINDS = ['activity', 'gap_fill', 'idle', 'break'] as const
export type BlockKind = (typeof BLOCK_KINDS)[number]

export const activityBlocks = sqliteTable(
  'activity_blocks',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    tenantId: tenantRef(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    timeLogId: text('time_log_id').references(() => timeLogs.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<BlockKind>().notNull(),
    startedAt: instant('started_at').notNull(),
    endedAt: instant('ended_at').notNull(),
    category: text('category').$type<Category>(),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [index('activity_blocks_tenant_user_idx').on(t.tenantId, t.userId, t.startedAt), index('activity_blocks_tenant_log_idx').on(t.tenantId, t.timeLogId)],
)

export const activityBlocksDoc = describeEntity(activityBlocks, {
  entity: 'ActivityBlock',
  description:
    'A stretch of a time log on the timeline. gap_fill blocks cover the parts of a session the desktop agent did not report (generated at clock-out).',
  exposedByTool: ['clock_out'],
  fields: {
    id: 'Sequence number.',
    tenantId: 'Owning tenant.',
    userId: 'Whose timeline.',
    timeLogId: 'Time log the block lies in.',
    kind: 'activity, gap_fill, idle or break.',
    startedAt: 'Block start.',
    endedAt: 'Block end.',
    category: 'Dominant category for activity blocks; null for gap_fill.',
    createdAt: 'When the block was generated.',
  },
})

export const dailyActivitySummaries = sqliteTable(
  'daily_activity_summaries',
  {
    tenantId: tenantRef(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: localDay('date').notNull(),
    totalSeconds: integer('total_seconds').notNull(),
    productiveSeconds: integer('productive_seconds').notNull(),
    neutralSeconds: integer('neutral_seconds').notNull(),
    unproductiveSeconds: integer('unproductive_seconds').notNull(),
    idleSeconds: integer('idle_seconds').notNull(),
    score: integer('score').notNull(),
    sampleCount: integer('sample_count').notNull(),
    baselineScore: real('baseline_score'),
    computedAt: instant('computed_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.date, t.userId] }), index('daily_summaries_tenant_user_date_idx').on(t.tenantId, t.userId, t.date)],
)

export const dailyActivitySummariesDoc = describeEntity(dailyActivitySummaries, {
  entity: 'DailyActivitySummary',
  description: 'Per user and tenant-local day: seconds by category and the productivity score (productive / total active, 0-100).',
  exposedByTool: ['get_productivity_overview', 'get_dashboard_summary', 'list_recent_activity'],
  fields: {
    tenantId: 'Owning tenant.',
    userId: 'Whose day.',
    date: 'Tenant-local date.',
    totalSeconds: 'All sampled seconds, idle included.',
    productiveSeconds: 'Seconds in productive applications (not idle).',
    neutralSeconds: 'Seconds in neutral applications (not idle).',
    unproductiveSeconds: 'Seconds in unproductive applications (not idle).',
    idleSeconds: 'Seconds flagged idle.',
    score: 'round(100 x productive / (productive + neutral + unproductive)); 0 with no activity.',
    sampleCount: 'Samples aggregated.',
    baselineScore: "Average score of the user's previous 14 summarised days, for productivity_drop.",
    computedAt: 'When the summary was computed.',
  },
})

export const enrollmentCodes = sqliteTable(
  'enrollment_codes',
  {
    id: uuidPk(),
    tenantId: tenantRef(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdByUserId: text('created_by_user_id'),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    deviceId: text('device_id').references(() => devices.id, { onDelete: 'set null' }),
    keyId: text('key_id'),
  },
  (t) => [index('enrollment_codes_tenant_user_idx').on(t.tenantId, t.userId), uniqueIndex('enrollment_codes_hash_uq').on(t.codeHash)],
)

export const enrollmentCodesDoc = describeEntity(enrollmentCodes, {
  entity: 'EnrollmentCode',
  description:
    'A short-lived, one-time code that enrolls a desktop agent for one user: exchanging it registers the device and issues a user-scoped live key. Only its SHA-256 is stored.',
  fields: {
    id: 'UUID of the code.',
    tenantId: 'Owning tenant.',
    userId: 'User the enrolled agent reports for.',
    codeHash: 'SHA-256 of the code; the code itself is shown once and never stored.',
    createdByUserId: 'Administrator who created it; null when created from the CLI.',
    createdAt: 'Creation.',
    expiresAt: 'After this instant the code is refused.',
    usedAt: 'When it was exchanged; a used code is refused.',
    deviceId: 'Device registered with it.',
    keyId: 'Key issued with it.',
  },
})
