import type { Ctx, Role } from '../../kernel/ctx'
import { invoke } from '../../kernel/operation'
import { getAttendanceReport } from '../../modules/dashboard/get-attendance-report'
import { getOvertimeReport } from '../../modules/dashboard/get-overtime-report'
import { getPayrollCalculations } from '../../modules/payroll/get-payroll-calculations'
import { listProjectBudgets } from '../../modules/projects/list-project-budgets'
import { listTimesheets } from '../../modules/timesheets/list-timesheets'

/**
 * The console's reports, as data: which operation each reads, which filters it takes, and its
 * columns. The HTML table, the CSV and the PDF are all written from these definitions
 * (src/console/reports/render.ts), so the three always show the same rows and totals.
 */

/** How a column's values are shown: dates and numbers in the tenant's locale (format.ts). */
export type ColumnKind = 'text' | 'date' | 'hours' | 'number' | 'money' | 'percent'
export type Cell = string | number | null

export interface Column<R> {
  label: string
  kind: ColumnKind
  value: (row: R) => Cell
  /** Summed in the totals line (hours, numbers, money). */
  total?: boolean
}

/** What the filters of the page ask for. The period is always given (default: the current pay period). */
export interface ReportFilters {
  from: string
  to: string
  teamId?: string | undefined
  userId?: string | undefined
}

/** What a report's operation answered, as rows of the definition's columns. */
export interface ReportData {
  /** One array of cells per row, in the order of the columns. */
  rows: Cell[][]
  /** Currency of money columns (ISO 4217). */
  currency: string
  /** The period the rows cover (may differ from the filter: project budgets are as of now). */
  period: { from: string; to: string } | null
  notes: string[]
}

export type FilterName = 'period' | 'team' | 'person'

/** What names a report and who may see it, the same in REPORTS and in the definitions ready to use. */
interface ReportMeta {
  id: string
  title: string
  description: string
  /** The lowest role that sees this report (the operation checks access again). */
  role: Role
  /** The operation the rows come from (documentation; load invokes it). */
  operation: string
  filters: FilterName[]
}

/** A report as written in REPORTS: rows of type R from its operation, and columns reading them. */
interface ReportSpec<R> extends ReportMeta {
  columns: Column<R>[]
  load(ctx: Ctx, f: ReportFilters, currency: string): Promise<Omit<ReportData, 'rows'> & { rows: R[] }>
}

export interface ColumnInfo {
  label: string
  kind: ColumnKind
  total: boolean
}

/** A report ready to use: its columns' labels and kinds, and load giving the cells. */
export interface ReportDefinition extends ReportMeta {
  columns: ColumnInfo[]
  load(ctx: Ctx, f: ReportFilters, currency: string): Promise<ReportData>
}

const define = <R>(d: ReportSpec<R>): ReportDefinition => ({
  ...d,
  columns: d.columns.map((c) => ({ label: c.label, kind: c.kind, total: c.total ?? false })),
  async load(ctx, f, currency) {
    const out = await d.load(ctx, f, currency)
    return { ...out, rows: out.rows.map((r) => d.columns.map((c) => c.value(r))) }
  },
})

/** Pages of at most 100 read until the end, up to this many rows (a note says when more exist). */
const MAX_ROWS = 5000

async function allPages<T>(read: (page: number) => Promise<{ data: T[]; pagination: { has_more: boolean } }>): Promise<{ rows: T[]; truncated: boolean }> {
  const rows: T[] = []
  for (let page = 1; ; page++) {
    const r = await read(page)
    rows.push(...r.data)
    if (!r.pagination.has_more) return { rows, truncated: false }
    if (rows.length >= MAX_ROWS) return { rows, truncated: true }
  }
}

const truncatedNote = (t: boolean): string[] => (t ? [`Only the first ${MAX_ROWS} rows are shown; narrow the filters.`] : [])
const opt = <K extends string>(key: K, v: string | undefined): Partial<Record<K, string>> => (v ? ({ [key]: v } as Record<K, string>) : {})

type TimesheetRow = Awaited<ReturnType<typeof listTimesheets.run>>['data'][number]
type AttendanceRow = Awaited<ReturnType<typeof getAttendanceReport.run>>['people'][number]
type OvertimeRow = Awaited<ReturnType<typeof getOvertimeReport.run>>['people'][number]
type PayrollRow = Awaited<ReturnType<typeof getPayrollCalculations.run>>['data'][number]
type ProjectRow = Awaited<ReturnType<typeof listProjectBudgets.run>>['projects'][number]

const STATUS: Record<string, string> = {
  draft: 'Draft',
  submitted: 'Submitted',
  approved: 'Approved',
  rejected: 'Rejected',
  auto_generated: 'Auto-generated',
}

/**
 * Column groups several reports share; each report lists them with its own columns. `hours` and
 * `money` columns are summed in the totals line unless `total: false`.
 */
const personColumns = <R>(name: (r: R) => string, email: (r: R) => string): Column<R>[] => [
  { label: 'Person', kind: 'text', value: name },
  { label: 'E-mail', kind: 'text', value: email },
]
/** A person report row as the dashboard and payroll operations answer it. */
type NamedRow = { name: string; email: string }
const namedPerson = <R extends NamedRow>(): Column<R>[] =>
  personColumns<R>(
    (r) => r.name,
    (r) => r.email,
  )
const hoursColumn = <R>(label: string, value: (r: R) => Cell): Column<R> => ({ label, kind: 'hours', value, total: true })
const moneyColumn = <R>(label: string, value: (r: R) => Cell, total = true): Column<R> => ({ label, kind: 'money', value, total })
const dateColumns = <R>(...cols: [label: string, value: (r: R) => Cell][]): Column<R>[] => cols.map(([label, value]) => ({ label, kind: 'date', value }))
/** Cents as money (null stays empty). */
const cents = (c: number | null): number | null => (c === null ? null : c / 100)
/** The period, team and person filters and the options they give the operations. */
const PERSON_FILTERS: FilterName[] = ['period', 'team', 'person']
const scope = (f: ReportFilters) => ({ ...opt('team_id', f.teamId), ...opt('user_id', f.userId) })

export const REPORTS: ReportDefinition[] = [
  define<TimesheetRow>({
    id: 'timesheets',
    title: 'Timesheets',
    description: 'Every timesheet whose pay period overlaps the dates, with its status and hours (net of breaks).',
    role: 'manager',
    operation: 'list_timesheets',
    filters: PERSON_FILTERS,
    columns: [
      ...personColumns<TimesheetRow>(
        (r) => r.user_name,
        (r) => r.user_email,
      ),
      ...dateColumns<TimesheetRow>(['Period start', (r) => r.period_start], ['Period end', (r) => r.period_end]),
      { label: 'Status', kind: 'text', value: (r) => STATUS[r.status] ?? r.status },
      // Seconds to hours unrounded: the total is rounded once, as the timesheet's total_hours is.
      hoursColumn('Hours', (r) => r.total_seconds / 3600),
    ],
    async load(ctx, f, currency) {
      const { rows, truncated } = await allPages((page) => invoke(listTimesheets, ctx, { from: f.from, to: f.to, ...scope(f), page, page_size: 100 }))
      return { rows, currency, period: { from: f.from, to: f.to }, notes: truncatedNote(truncated) }
    },
  }),
  define<AttendanceRow>({
    id: 'attendance',
    title: 'Attendance',
    description: 'Per person: days with clocked time, hours net of breaks, first and last day present.',
    role: 'manager',
    operation: 'get_attendance_report',
    filters: PERSON_FILTERS,
    columns: [
      ...namedPerson<AttendanceRow>(),
      { label: 'Days worked', kind: 'number', value: (r) => r.days_worked, total: true },
      hoursColumn('Hours', (r) => r.hours),
      ...dateColumns<AttendanceRow>(['First day', (r) => r.first_date], ['Last day', (r) => r.last_date]),
    ],
    async load(ctx, f, currency) {
      const out = await invoke(getAttendanceReport, ctx, { from: f.from, to: f.to, ...scope(f) })
      return { rows: out.people, currency, period: { from: out.period_start, to: out.period_end }, notes: [] }
    },
  }),
  define<OvertimeRow>({
    id: 'overtime',
    title: 'Overtime',
    description: 'Who worked overtime: hours over the weekly contract or over scheduled shifts (the rule of the overtime alerts).',
    role: 'manager',
    operation: 'get_overtime_report',
    filters: PERSON_FILTERS,
    columns: [
      ...namedPerson<OvertimeRow>(),
      hoursColumn('Worked hours', (r) => r.worked_hours),
      hoursColumn('Overtime hours', (r) => r.overtime_hours),
      { label: 'Cases', kind: 'number', value: (r) => r.cases.length, total: true },
    ],
    async load(ctx, f, currency) {
      const out = await invoke(getOvertimeReport, ctx, { period: 'last_week', from: f.from, to: f.to, ...opt('team_id', f.teamId) })
      // The operation has no person filter; it lists only people the caller may see, narrowed here.
      const rows = f.userId ? out.people.filter((p) => p.user_id === f.userId) : out.people
      return { rows, currency, period: { from: out.period_start, to: out.period_end }, notes: [out.rule] }
    },
  }),
  define<PayrollRow>({
    id: 'payroll',
    title: 'Payroll',
    description: 'Approved hours and gross pay per person (approved timesheets only), at the rate cards in effect.',
    role: 'admin',
    operation: 'get_payroll_calculations',
    filters: PERSON_FILTERS,
    columns: [
      ...namedPerson<PayrollRow>(),
      hoursColumn('Regular hours', (r) => r.regular_hours),
      hoursColumn('Overtime hours', (r) => r.overtime_hours),
      hoursColumn('Absence hours', (r) => r.absence_hours),
      hoursColumn('Adjustment hours', (r) => r.adjustment_hours),
      moneyColumn('Hourly rate', (r) => cents(r.hourly_rate_cents), false),
      moneyColumn('Gross pay', (r) => cents(r.amount_cents)),
    ],
    async load(ctx, f) {
      let currency = 'EUR'
      let period = { from: f.from, to: f.to }
      const { rows, truncated } = await allPages(async (page) => {
        const out = await invoke(getPayrollCalculations, ctx, {
          period_start: f.from,
          period_end: f.to,
          ...scope(f),
          page,
          page_size: 100,
        })
        currency = out.currency
        period = { from: out.period_start, to: out.period_end }
        return out
      })
      return { rows, currency, period, notes: ['Only approved timesheets are paid.', ...truncatedNote(truncated)] }
    },
  }),
  define<ProjectRow>({
    id: 'projects',
    title: 'Project hours and budgets',
    description: 'Hours and money booked to each project against its budget, as of now (not archived).',
    role: 'manager',
    operation: 'list_project_budgets',
    filters: [],
    columns: [
      { label: 'Project', kind: 'text', value: (r) => r.project.name },
      { label: 'Client', kind: 'text', value: (r) => r.project.client_name },
      hoursColumn('Hours used', (r) => r.budget.used_hours),
      hoursColumn('Hours budget', (r) => r.budget.budget_hours),
      { label: 'Hours used %', kind: 'percent', value: (r) => r.budget.hours_percent_used },
      moneyColumn('Amount used', (r) => cents(r.budget.used_amount_cents)),
      moneyColumn('Amount budget', (r) => cents(r.budget.budget_amount_cents)),
      { label: 'At risk', kind: 'text', value: (r) => (r.over_budget ? 'Over budget' : r.at_risk ? 'At risk' : '') },
    ],
    async load(ctx, _f, currency) {
      const out = await invoke(listProjectBudgets, ctx, { at_risk_only: false })
      const notes = out.truncated ? ['Only the first 500 projects by name are read.'] : []
      return { rows: out.projects, currency: out.projects[0]?.budget.currency ?? currency, period: null, notes }
    },
  }),
]

export const reportById = (id: string): ReportDefinition | undefined => REPORTS.find((r) => r.id === id)
