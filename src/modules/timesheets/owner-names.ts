import { sql } from 'drizzle-orm'
import type { DbLike } from '../../kernel/db'
import { ensureTriggers } from '../../kernel/triggers'

/**
 * timesheets.owner_name: a copy of the owner's users.name, kept equal by SQLite triggers in the
 * transaction that writes either row, whoever writes it. The timesheet list pages by period, then
 * owner name; with the name on the timesheet, timesheets_tenant_list_idx (and its by-status twin)
 * holds that order and a page is read off the index. Sorting by the joined users.name sorted every
 * timesheet of the page's periods instead: 11.6 ms a page at 10,000 people, 0.15 ms read off the
 * index (issue 18, "growth"). Created at start (kernel/triggers.ts).
 */

/** The name of the person whose id is `userId` (a column reference), '' when there is none. */
const nameOf = (userId: string) => `coalesce((select u.name from users u where u.id = ${userId}), '')`

const TRIGGERS: [string, string][] = [
  // An AFTER trigger may not change NEW: the inserted row is updated (by rowid, one row).
  ['timesheet_owner_name_insert', `after insert on timesheets begin update timesheets set owner_name = ${nameOf('new.user_id')} where rowid = new.rowid; end`],
  [
    'timesheet_owner_name_owner',
    `after update of user_id on timesheets when old.user_id is not new.user_id begin
      update timesheets set owner_name = ${nameOf('new.user_id')} where rowid = new.rowid; end`,
  ],
  [
    'user_name_to_timesheets',
    `after update of name on users when old.name is not new.name begin
      update timesheets set owner_name = new.name where tenant_id in (old.tenant_id, new.tenant_id) and user_id = new.id; end`,
  ],
]

/**
 * Creates the triggers when any is missing (a new database, or one migrated to the column: 0024
 * copied the names then) and, in the same transaction, copies the owner's name onto every
 * timesheet whose copy differs (rows written while the triggers were missing).
 */
export function ensureTimesheetOwnerNames(db: DbLike): void {
  ensureTriggers(db, {
    triggers: TRIGGERS,
    repair: (tx) =>
      tx.run(sql.raw(`update timesheets set owner_name = ${nameOf('timesheets.user_id')} where owner_name is not ${nameOf('timesheets.user_id')}`)),
  })
}
