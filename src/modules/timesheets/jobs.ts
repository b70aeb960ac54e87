import { defineJob } from '../../kernel/job'
import { autoGenerateTimesheets } from './auto-generate'

/**
 * Run for each tenant-local date, acting on the last date of each pay period. The day after the
 * period is a grace day for late submissions; at 00:05 local on the second day the timesheets of
 * those who did not submit are generated (before the payroll period closes at 01:00).
 */
export const autoGenerateTimesheetsJob = defineJob({
  name: 'timesheets.auto_generate',
  description:
    'After each pay period and a grace day, creates an auto_generated timesheet (timesheet.auto_generated) from the closed time logs of every active user who did not submit one.',
  each: { tenantDay: { dueAt: '00:05', dueDaysAfter: 2 } },
  run: (ctx, date) => autoGenerateTimesheets(ctx, date),
})

export const timesheetJobs = [autoGenerateTimesheetsJob]
