import { sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { describeEntity } from '../../kernel/dictionary'
import { instant, localDay, tenantRef, uuidPk } from '../../db/columns'
import { users } from '../users/schema'

export const ALERT_KINDS = ['unusual_hours', 'not_clocked_in', 'timesheet_gap', 'overtime'] as const
export type AlertKind = (typeof ALERT_KINDS)[number]

export const workloadAlerts = sqliteTable(
  'workload_alerts',
  {
    id: uuidPk(),
    tenantId: tenantRef(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: localDay('date').notNull(),
    kind: text('kind').$type<AlertKind>().notNull(),
    severity: text('severity').$type<'info' | 'warning' | 'critical'>().notNull(),
    message: text('message').notNull(),
    details: text('details', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [uniqueIndex('workload_alerts_tenant_date_user_kind_uq').on(t.tenantId, t.date, t.userId, t.kind)],
)

export const workloadAlertsDoc = describeEntity(workloadAlerts, {
  entity: 'WorkloadAlert',
  description: 'A workload signal for one user and date: unusual hours, not clocked in against the schedule, timesheet gap, overtime.',
  exposedByTool: ['get_workload_alerts'],
  fields: {
    id: 'UUID of the alert.',
    tenantId: 'Owning tenant.',
    userId: 'Who it is about.',
    date: 'Tenant-local date.',
    kind: 'unusual_hours, not_clocked_in, timesheet_gap or overtime.',
    severity: 'info, warning or critical.',
    message: 'Sentence for a manager.',
    details: 'Numbers behind the alert (hours worked, scheduled start, …).',
    createdAt: 'When it was computed.',
  },
})
