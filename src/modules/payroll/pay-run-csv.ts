import type { PayrollLine } from './calculate'
import { grossCents, hours } from './calculate'
import type { CostCenterRow } from './queries'

const PAY_RUN_CSV_COLUMNS = [
  'user_id',
  'name',
  'email',
  'cost_center_code',
  'regular_hours',
  'overtime_hours',
  'total_hours',
  'hourly_rate',
  'overtime_multiplier',
  'regular_amount',
  'overtime_amount',
  'adjustment_hours',
  'adjustment_amount',
  'absence_hours',
  'absence_amount',
  'gross_amount',
  'currency',
] as const

/**
 * One CSV field: quoted when it holds a comma, quote or line break; a leading = + - @ is defused
 * with an apostrophe so a spreadsheet never runs a name as a formula.
 */
export function csvField(value: string | number): string {
  let s = String(value)
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s
}

const money = (cents: number): string => (cents / 100).toFixed(2)

/**
 * The pay-run file: a header line, then one line per person (CRLF line ends, RFC 4180). The one
 * writer of pay-run files: exports (pay-run-export.ts) and the demo seed (seed/week/payroll.ts).
 * `centers` maps a cost center id to its code.
 */
export function payRunCsv(lines: PayrollLine[], centers: ReadonlyMap<string, Pick<CostCenterRow, 'code'>>): string {
  const out = [PAY_RUN_CSV_COLUMNS.join(',')]
  for (const l of lines) {
    const row: (string | number)[] = [
      l.person.id,
      l.person.name,
      l.person.email,
      l.person.costCenterId ? (centers.get(l.person.costCenterId)?.code ?? '') : '',
      hours(l.regularSeconds).toFixed(2),
      hours(l.overtimeSeconds).toFixed(2),
      hours(l.regularSeconds + l.overtimeSeconds).toFixed(2),
      money(l.hourlyRateCents),
      l.overtimeMultiplier,
      money(l.regularAmountCents),
      money(l.overtimeAmountCents),
      hours(l.adjustmentSeconds).toFixed(2),
      money(l.adjustmentAmountCents),
      hours(l.absenceSeconds).toFixed(2),
      money(l.absenceAmountCents),
      money(grossCents(l)),
      l.currency,
    ]
    out.push(row.map(csvField).join(','))
  }
  return `${out.join('\r\n')}\r\n`
}

/** What a pay run pays in total: the sum of its lines' gross amounts, in cents. */
export const payRunTotalCents = (lines: PayrollLine[]): number => lines.reduce((a, l) => a + grossCents(l), 0)
