import type { TenantScope } from '../../kernel/ctx'
import { keptStatusCounts } from '../../kernel/status-counts'
import type { TimesheetStatus } from './schema'

/**
 * tenant_timesheet_counts: the timesheets of each tenant per status, kept by triggers on
 * timesheets (kernel/status-counts.ts). The dashboard's pending approvals and the timesheet list's
 * total read it instead of counting every timesheet of every period so far (issue 18: that count
 * grows with the tenant's history). The dashboard module kept the same counts with triggers of
 * its own names before the table moved here: they are dropped at start.
 */
const kept = keptStatusCounts<TimesheetStatus>({
  counts: 'tenant_timesheet_counts',
  rows: 'timesheets',
  prefix: 'timesheet_counts',
  formerTriggers: ['open_session_sheets_insert', 'open_session_sheets_delete', 'open_session_sheets_update'],
})

export const ensureTimesheetStatusCounts = kept.ensure

/** Timesheets of the tenant in these statuses (every status when null), from tenant_timesheet_counts. */
export const countTimesheetsInStatuses = (c: TenantScope, statuses: readonly TimesheetStatus[] | null): number => kept.count(c, statuses)
