import { t, type Static } from 'elysia'
import type { TInteger, TNull, TOptional, TUnion } from '@sinclair/typebox'
import { DateOnly, Int, Nullable } from '../../kernel/schemas'
import { DomainError } from '../../kernel/errors'
import { isDate } from '../../kernel/time'
import { DATA_KINDS, GEOFENCE_POLICIES, PAY_PERIODS } from './schema'
import type { CompanySettings } from './queries'

/** The company settings as the API and the CLI show and take them (snake_case; see tenants/schema.ts). */
const GeofencePolicyEnum = t.Union(
  GEOFENCE_POLICIES.map((p) => t.Literal(p)),
  { description: 'off: ignore coordinates; record: store the geofence result; enforce: refuse clock-ins outside every office' },
)
const PayPeriodEnum = t.Union(
  PAY_PERIODS.map((p) => t.Literal(p)),
  { description: 'weekly (from week_start), biweekly (from pay_period_anchor), semimonthly (1st-15th, 16th-end) or monthly (from the anchor day)' },
)
const BreakKindEnum = t.Union([t.Literal('break'), t.Literal('lunch')])

export const SETTINGS_FIELDS = {
  name: t.String({ minLength: 1, maxLength: 200, description: 'Company name' }),
  timezone: t.String({ minLength: 1, maxLength: 64, description: 'IANA time zone, e.g. Europe/Berlin: dates and days are computed in it' }),
  currency: t.String({ minLength: 3, maxLength: 3, description: 'ISO 4217 currency of payroll, e.g. EUR' }),
  locale: t.String({ minLength: 2, maxLength: 35, description: 'BCP 47 locale for dates and numbers shown to people, e.g. de-DE' }),
  week_start: Int({ minimum: 1, maximum: 7, description: 'First day of the week: 1 = Monday … 7 = Sunday (weekly periods, overtime weeks)' }),
  pay_period: PayPeriodEnum,
  pay_period_anchor: Nullable(t.String({ ...DateOnly, description: 'A date a pay period starts on (YYYY-MM-DD)' }), {
    description: 'A date a pay period starts on (YYYY-MM-DD): biweekly periods repeat from it, monthly ones start on its day of month; null for the default',
  }),
  pay_overtime_daily_hours: Nullable(t.Number({ exclusiveMinimum: 0, maximum: 24 }), {
    description: 'Hours in one day above which pay counts overtime; null for no daily overtime',
  }),
  pay_overtime_weekly_hours: Nullable(t.Number({ exclusiveMinimum: 0, maximum: 168 }), {
    description: "Hours in one week above which pay counts overtime; null for each person's contract hours",
  }),
  overtime_multiplier: t.Number({ minimum: 1, maximum: 5, description: 'Pay multiplier of overtime hours (1.5 = time and a half)' }),
  paid_break_kinds: t.Array(BreakKindEnum, {
    uniqueItems: true,
    maxItems: 2,
    description: 'Break kinds that are paid (break, lunch); other breaks reduce worked hours',
  }),
  auto_clock_out_hours: Int({ minimum: 1, maximum: 48, description: 'Open sessions older than this are closed by the gap-fill job' }),
  idle_threshold_seconds: Int({ minimum: 60, maximum: 7200, description: 'Idle time after which idle.detected is emitted' }),
  productivity_drop_threshold: Int({ minimum: 0, maximum: 100, description: 'Score under which activity.productivity_drop is emitted' }),
  presence_tap_minutes: Nullable(Int({ minimum: 5, maximum: 24 * 60 }), { description: 'Minutes between presence confirmations; null turns them off' }),
  geofence_policy: GeofencePolicyEnum,
  outside_zone_minutes: Int({
    minimum: 1,
    maximum: 24 * 60,
    description: 'Minutes outside every office (clocked in) after which location.outside_zone is emitted',
  }),
  workload_daily_hours: t.Number({ minimum: 1, maximum: 24, description: 'Hours in one day above which workload alerts call a day unusual (not pay)' }),
}

const retentionProps: Record<string, TOptional<TUnion<[TInteger, TNull]>>> = {}
for (const kind of DATA_KINDS) retentionProps[kind] = t.Optional(Nullable(Int({ minimum: 1, maximum: 3650 })))
const RetentionInput = t.Object(retentionProps, {
  additionalProperties: false,
  description: "Days to keep each kind of data, at most the plan's period; null goes back to the plan's",
})

export const UpdateSettingsInput = t.Object({
  ...t.Partial(t.Object(SETTINGS_FIELDS)).properties,
  retention: t.Optional(RetentionInput),
})
export type UpdateSettingsInput = Static<typeof UpdateSettingsInput>

export const RetentionRow = t.Object({
  data_kind: t.String(),
  plan_days: Int({ description: "The plan's period (upper bound)" }),
  days: Int({ description: 'Days data of this kind is kept for this company' }),
  overridden: t.Boolean({ description: "True when the company keeps it for less than the plan's period" }),
})

export const SettingsOutput = t.Object({ ...SETTINGS_FIELDS, retention: t.Array(RetentionRow) })
export type SettingsOutput = Static<typeof SettingsOutput>

export function settingsOutput(s: CompanySettings, retention: Static<typeof RetentionRow>[]): SettingsOutput {
  return {
    name: s.name,
    timezone: s.timezone,
    currency: s.currency,
    locale: s.locale,
    week_start: s.weekStart,
    pay_period: s.payPeriod,
    pay_period_anchor: s.payPeriodAnchor,
    pay_overtime_daily_hours: s.payOvertimeDailyHours,
    pay_overtime_weekly_hours: s.payOvertimeWeeklyHours,
    overtime_multiplier: s.overtimeMultiplier,
    paid_break_kinds: s.paidBreakKinds,
    auto_clock_out_hours: s.autoClockOutHours,
    idle_threshold_seconds: s.idleThresholdSeconds,
    productivity_drop_threshold: s.productivityDropThreshold,
    presence_tap_minutes: s.presenceTapMinutes,
    geofence_policy: s.geofencePolicy,
    outside_zone_minutes: s.outsideZoneMinutes,
    workload_daily_hours: s.workloadDailyHours,
    retention,
  }
}

const TIME_ZONES = new Set(Intl.supportedValuesOf('timeZone'))
const CURRENCIES = new Set(Intl.supportedValuesOf('currency'))

export interface SettingsFieldError {
  field: string
  message: string
}

/** A time zone the runtime knows (Intl.supportedValuesOf('timeZone'), plus UTC). */
export const isKnownTimeZone = (tz: string): boolean => TIME_ZONES.has(tz) || tz === 'UTC'

/** The canonical BCP 47 form of a locale, or null when it is not one. */
export function canonicalLocale(locale: string): string | null {
  try {
    const [canon] = Intl.getCanonicalLocales(locale)
    return canon && Intl.NumberFormat.supportedLocalesOf([canon]).length > 0 ? canon : null
  } catch {
    return null
  }
}

/**
 * The input as the settings to write (camelCase), checked beyond its schema: known time zone,
 * currency and locale, a real anchor date. Every bad field is named; nothing is written on any.
 */
export function settingsChanges(input: UpdateSettingsInput): { values: Partial<CompanySettings>; errors: SettingsFieldError[] } {
  const errors: SettingsFieldError[] = []
  const values: Partial<CompanySettings> = {}
  if (input.name !== undefined) values.name = input.name.trim()
  if (input.timezone !== undefined) {
    if (isKnownTimeZone(input.timezone)) values.timezone = input.timezone
    else errors.push({ field: 'timezone', message: `"${input.timezone}" is not an IANA time zone (e.g. Europe/Berlin)` })
  }
  if (input.currency !== undefined) {
    const code = input.currency.toUpperCase()
    if (CURRENCIES.has(code)) values.currency = code
    else errors.push({ field: 'currency', message: `"${input.currency}" is not an ISO 4217 currency code (e.g. EUR)` })
  }
  if (input.locale !== undefined) {
    const canon = canonicalLocale(input.locale)
    if (canon) values.locale = canon
    else errors.push({ field: 'locale', message: `"${input.locale}" is not a BCP 47 locale (e.g. de-DE)` })
  }
  if (input.pay_period_anchor !== undefined) {
    if (input.pay_period_anchor === null || isDate(input.pay_period_anchor)) values.payPeriodAnchor = input.pay_period_anchor
    else errors.push({ field: 'pay_period_anchor', message: `"${input.pay_period_anchor}" is not a calendar date` })
  }
  if (input.week_start !== undefined) values.weekStart = input.week_start
  if (input.pay_period !== undefined) values.payPeriod = input.pay_period
  if (input.pay_overtime_daily_hours !== undefined) values.payOvertimeDailyHours = input.pay_overtime_daily_hours
  if (input.pay_overtime_weekly_hours !== undefined) values.payOvertimeWeeklyHours = input.pay_overtime_weekly_hours
  if (input.overtime_multiplier !== undefined) values.overtimeMultiplier = input.overtime_multiplier
  if (input.paid_break_kinds !== undefined) values.paidBreakKinds = [...new Set(input.paid_break_kinds)].sort()
  if (input.auto_clock_out_hours !== undefined) values.autoClockOutHours = input.auto_clock_out_hours
  if (input.idle_threshold_seconds !== undefined) values.idleThresholdSeconds = input.idle_threshold_seconds
  if (input.productivity_drop_threshold !== undefined) values.productivityDropThreshold = input.productivity_drop_threshold
  if (input.presence_tap_minutes !== undefined) values.presenceTapMinutes = input.presence_tap_minutes
  if (input.geofence_policy !== undefined) values.geofencePolicy = input.geofence_policy
  if (input.outside_zone_minutes !== undefined) values.outsideZoneMinutes = input.outside_zone_minutes
  if (input.workload_daily_hours !== undefined) values.workloadDailyHours = input.workload_daily_hours
  return { values, errors }
}

/** Refuses field errors the way request validation does: one invalid_argument naming every field. */
export function refuseSettingsFieldErrors(errors: SettingsFieldError[]): void {
  if (errors.length === 0) return
  throw new DomainError('invalid_argument', errors.map((e) => `${e.field}: ${e.message}`).join('; '), { field: errors[0]!.field, errors })
}
