import type { TenantBoundCtx } from '../../kernel/ctx'
import { callerUserId, actorHasRole } from '../../kernel/access'
import { DomainError } from '../../kernel/errors'
import { managesUser } from '../teams/membership'
import { listTimesheetHistory, type TimesheetRow } from './timesheet-queries'
import { timeLogIdsOfTimesheet } from '../time-tracking/timesheet-link-queries'
import { toTimesheet } from './timesheet-model'

/**
 * Who may see and decide a timesheet, beyond the role the operation declares: its owner sees it;
 * admins and the managers of a team its owner belongs to see and decide it; nobody decides their
 * own (segregation of duties, admins included).
 */
export function assertCanDecide(ctx: TenantBoundCtx, sheet: TimesheetRow): void {
  const me = callerUserId(ctx)
  if (sheet.userId === me) throw new DomainError('forbidden', 'You cannot approve or reject your own timesheet; another manager or an admin has to.')
  if (actorHasRole(ctx.actor, 'admin')) return
  if (!managesUser(ctx, me, sheet.userId)) {
    throw new DomainError('forbidden', 'You can only approve or reject timesheets of people in a team you manage.')
  }
}

export function assertCanView(ctx: TenantBoundCtx, sheet: TimesheetRow): void {
  const me = callerUserId(ctx)
  if (sheet.userId === me) return
  if (actorHasRole(ctx.actor, 'admin')) return
  if (actorHasRole(ctx.actor, 'manager') && managesUser(ctx, me, sheet.userId)) return
  throw new DomainError('forbidden', 'You can see your own timesheets and those of the teams you manage.')
}

/** The full wire view: the row, its time logs and its history. */
export const timesheetView = (ctx: TenantBoundCtx, sheet: TimesheetRow) =>
  toTimesheet(sheet, timeLogIdsOfTimesheet(ctx, sheet.id), listTimesheetHistory(ctx, sheet.id))
