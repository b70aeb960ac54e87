import { rebuildPersonDayTotals } from '../time-tracking/person-day-queries'
import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import type { TenantBoundCtx } from '../../kernel/ctx'
import { inTransaction } from '../../kernel/db'
import { localDate } from '../../kernel/time'
import { recordChange } from '../audit/audit-queries'
import { payPeriodRange } from '../timesheets/period'
import { currentSettings } from './get-company-settings'
import { updateCompanySettingsRow } from './queries'
import { planRetentionDaysOf, setRetentionOverride } from './retention-queries'
import type { DataKind } from './schema'
import {
  SettingsOutput,
  UpdateSettingsInput,
  refuseSettingsFieldErrors,
  settingsChanges,
  type SettingsFieldError,
  type SettingsOutput as Settings,
} from './settings-model'
import { ensureZoneOffsets } from './zone-offsets'

const UpdateOutput = t.Object({
  settings: SettingsOutput,
  changed: t.Array(t.String(), { description: 'Fields whose value changed' }),
  notes: t.Array(t.String(), { description: 'What a change means for data already recorded (time zone, pay period)' }),
})

/** What a change of the time zone or the pay period means for what is already stored: said, never silent. */
function notesOf(before: Settings, after: Settings, today: string): string[] {
  const notes: string[] = []
  if (before.timezone !== after.timezone) {
    notes.push(
      `Time zone changed from ${before.timezone} to ${after.timezone}: recorded instants are unchanged; days, periods, alerts and reports computed from now on use ${after.timezone}. Timesheets, payroll periods and daily summaries already stored keep their dates; offices keep their own time zone.`,
    )
  }
  if (before.pay_period !== after.pay_period || before.pay_period_anchor !== after.pay_period_anchor || before.week_start !== after.week_start) {
    const p = payPeriodRange({ payPeriod: after.pay_period, payPeriodAnchor: after.pay_period_anchor, weekStart: after.week_start }, today)
    notes.push(
      `Pay periods now run ${after.pay_period}; the current one is ${p.start} to ${p.end}. Timesheets and payroll periods already created keep their dates: change this at a period boundary.`,
    )
  }
  return notes
}

/** Only the fields that changed, before and after: what the audit entry keeps. */
function diff(before: Settings, after: Settings): { changed: string[]; before: Record<string, unknown>; after: Record<string, unknown> } {
  const changed = (Object.keys(after) as (keyof Settings)[]).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
  return {
    changed,
    before: Object.fromEntries(changed.map((k) => [k, before[k]])),
    after: Object.fromEntries(changed.map((k) => [k, after[k]])),
  }
}

/**
 * Validates and applies a partial change of the settings in one transaction with its audit entry
 * (settings.updated, the changed fields before and after). Every bad field is named and nothing is
 * written. Used by update_company_settings and its older alias set_attendance_policy.
 */
export function applyCompanySettings(ctx: TenantBoundCtx, input: UpdateSettingsInput): { settings: Settings; changed: string[]; notes: string[] } {
  const { values, errors } = settingsChanges(input)
  const plan = planRetentionDaysOf(ctx)
  const retention: [DataKind, number | null][] = []
  for (const [kind, days] of Object.entries(input.retention ?? {}) as [DataKind, number | null | undefined][]) {
    if (days === undefined) continue
    const planDays = plan.get(kind)
    const field = `retention.${kind}`
    if (planDays === undefined) errors.push({ field, message: `the plan keeps no ${kind}` } satisfies SettingsFieldError)
    else if (days !== null && days > planDays) errors.push({ field, message: `must be at most ${planDays} days (the plan's period); got ${days}` })
    else retention.push([kind, days === planDays ? null : days])
  }
  refuseSettingsFieldErrors(errors)
  return inTransaction(ctx, (c) => {
    const before = currentSettings(c)
    // Before the row changes: the kept weeks' triggers place open sessions by the new zone's offsets.
    if (input.timezone !== undefined) ensureZoneOffsets(c.db, [input.timezone])
    updateCompanySettingsRow(c, values)
    for (const [kind, days] of retention) setRetentionOverride(c, kind, days)
    const after = currentSettings(c)
    // Stored worked time per person and date depends on both: recount it from the raw rows.
    if (before.timezone !== after.timezone || JSON.stringify(before.paid_break_kinds) !== JSON.stringify(after.paid_break_kinds))
      // Without the row authentication read (TenantCtx.asOfAuth): it holds the settings before this change.
      rebuildPersonDayTotals({ ...c, tenant: { ...c.tenant, timezone: after.timezone, asOfAuth: undefined } })
    const d = diff(before, after)
    recordChange(c, { action: 'settings.updated', entity: 'settings', entityId: ctx.tenant.readableId, before: d.before, after: d.after })
    return { settings: after, changed: d.changed, notes: notesOf(before, after, localDate(c.now, after.timezone)) }
  })
}

/** Changes company settings (the operator's `workforce settings set`). */
export const updateCompanySettings = defineOperation({
  name: 'update_company_settings',
  title: 'Change the company settings',
  description:
    "Changes some of the company settings; fields left out keep their value. Time zone, currency and locale must be known IANA, ISO 4217 and BCP 47 values; retention can only be shorter than the plan's. Every bad field is named and nothing is written. Recorded in the audit log (settings.updated).",
  access: { role: 'admin', write: true },
  input: UpdateSettingsInput,
  output: UpdateOutput,
  run(ctx, input) {
    return applyCompanySettings(ctx, input)
  },
})
