/**
 * The exceptions scripts/check-architecture.ts accepts, each with its reason. Keep them few:
 * every entry is a place a reader has to trust instead of the structure.
 */

/** Query functions that take a raw `db` because they span tenants or run before one is known. */
export const GLOBAL_QUERIES: { file: string; name: string; why: string }[] = []

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
