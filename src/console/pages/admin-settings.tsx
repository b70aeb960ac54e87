/** @jsxImportSource @kitajs/html */
import { invoke } from '../../kernel/operation'
import { getCompanySettings } from '../../modules/tenants/get-company-settings'
import { updateCompanySettings } from '../../modules/tenants/update-company-settings'
import { Table } from '../components/table'
import { definePage } from '../pages'
import type { SignedInRequest } from '../request'
import { Field, FormHead, formInput, formStateOf, submitForm } from './admin-forms'

/** The form's fields, in the order shown; empty optional numbers and the anchor mean "none" (null). */
const FIELDS = [
  'name',
  'timezone',
  'currency',
  'locale',
  'week_start',
  'pay_period',
  'pay_period_anchor',
  'pay_overtime_daily_hours',
  'pay_overtime_weekly_hours',
  'overtime_multiplier',
  'paid_break_kinds',
  'auto_clock_out_hours',
  'idle_threshold_seconds',
  'productivity_drop_threshold',
  'presence_tap_minutes',
  'geofence_policy',
  'outside_zone_minutes',
  'workload_daily_hours',
]
const CLEARABLE = ['pay_period_anchor', 'pay_overtime_daily_hours', 'pay_overtime_weekly_hours', 'presence_tap_minutes']
const WEEKDAYS: [string, string][] = [
  ['1', 'Monday'],
  ['2', 'Tuesday'],
  ['3', 'Wednesday'],
  ['4', 'Thursday'],
  ['5', 'Friday'],
  ['6', 'Saturday'],
  ['7', 'Sunday'],
]

/**
 * The retention form's fields are named `retention.<kind>` (the operation's own field names, so its
 * errors land next to them): a number of days, or empty for the plan's period (null).
 */
function retentionInput(form: URLSearchParams, kinds: string[]): Record<string, unknown> {
  const retention: Record<string, unknown> = {}
  for (const kind of kinds) {
    const raw = form.get(`retention.${kind}`)
    if (raw === null) continue
    const v = raw.trim()
    const n = Number(v)
    retention[kind] = v === '' ? null : Number.isFinite(n) ? n : v
  }
  return { retention }
}

const retentionKinds = (form: URLSearchParams) => [...form.keys()].filter((k) => k.startsWith('retention.')).map((k) => k.slice('retention.'.length))

const RetentionForm = (props: { req: SignedInRequest; rows: { data_kind: string; days: number; plan_days: number; overridden: boolean }[] }) => {
  const st = formStateOf(props.req, 'retention')
  return (
    <form method="post" action="/admin/settings" class="card" aria-labelledby="ret-h">
      <FormHead req={props.req} action="save_retention" />
      <h2 id="ret-h">Data retention</h2>
      <p class="muted">
        How many days each kind of data is kept for this company: at most the plan's period. Empty: the plan's period. Older data is purged by the nightly
        retention job.
      </p>
      <Table
        rows={props.rows}
        labelledBy="ret-h"
        class="retention-table"
        columns={[
          { header: 'Data', text: (r) => r.data_kind },
          {
            header: 'Kept (days)',
            cell: (r) => (
              <Field
                state={st}
                id={`ret-${r.data_kind}`}
                name={`retention.${r.data_kind}`}
                label={`Days to keep ${r.data_kind.replaceAll('_', ' ')}`}
                type="number"
                value={r.overridden ? r.days : ''}
                placeholder={String(r.plan_days)}
              />
            ),
          },
          { header: 'Plan (days)', text: (r) => String(r.plan_days) },
        ]}
      />
      <div class="form-actions">
        <button type="submit">Save the retention</button>
      </div>
    </form>
  )
}

export const adminSettingsPage = definePage({
  path: '/admin/settings',
  title: 'Company settings',
  role: 'admin',
  nav: { section: 'Admin', label: 'Company settings' },
  actions: {
    save: (req, form) =>
      submitForm(
        req,
        'settings',
        form,
        updateCompanySettings.input,
        formInput(updateCompanySettings.input, form, FIELDS, { clear: CLEARABLE }),
        (input) => invoke(updateCompanySettings, req.ctx, input),
        (r) => (r.changed.length === 0 ? 'Nothing changed.' : [`Saved: ${r.changed.join(', ')} changed (recorded in the audit log).`, ...r.notes].join(' ')),
      ),
    save_retention: (req, form) =>
      submitForm(
        req,
        'retention',
        form,
        updateCompanySettings.input,
        retentionInput(form, retentionKinds(form)),
        (input) => invoke(updateCompanySettings, req.ctx, input),
        (r) => (r.changed.length === 0 ? 'Nothing changed.' : `Saved: ${r.changed.join(', ')} changed (recorded in the audit log).`),
      ),
  },
  async render(req) {
    const s = await invoke(getCompanySettings, req.ctx, {})
    const st = formStateOf(req, 'settings')
    // A refused post shows what was typed; the break kinds are checkboxes (absent when unticked).
    const breaks: string[] = st ? st.entries.filter(([k]) => k === 'paid_break_kinds').map(([, v]) => v) : s.paid_break_kinds
    const f = (
      name: string,
      label: string,
      value: string | number | null,
      opts: { type?: string; hint?: string; options?: readonly (string | [string, string])[] } = {},
    ) => <Field state={st} id={`s-${name}`} name={name} label={label} value={value} {...opts} />
    return (
      <>
        <form method="post" action="/admin/settings" class="settings">
          <FormHead req={req} action="save" />
          <section class="card" aria-labelledby="company-h">
            <h2 id="company-h">Company</h2>
            <div class="form-grid">
              {f('name', 'Company name', s.name)}
              {f('timezone', 'Time zone', s.timezone, { hint: 'IANA name, e.g. Europe/Berlin' })}
              {f('currency', 'Currency', s.currency, { hint: 'ISO 4217, e.g. EUR' })}
              {f('locale', 'Locale', s.locale, { hint: 'BCP 47, e.g. de-DE' })}
              {f('week_start', 'Week starts on', String(s.week_start), { options: WEEKDAYS })}
            </div>
          </section>
          <section class="card" aria-labelledby="pay-h">
            <h2 id="pay-h">Pay periods and overtime</h2>
            <div class="form-grid">
              {f('pay_period', 'Pay period', s.pay_period, { options: ['weekly', 'biweekly', 'semimonthly', 'monthly'] })}
              {f('pay_period_anchor', 'Pay period anchor', s.pay_period_anchor, { type: 'date', hint: 'A date a period starts on; empty for the default' })}
              {f('pay_overtime_daily_hours', 'Daily overtime after (hours)', s.pay_overtime_daily_hours, { type: 'number', hint: 'Empty: no daily overtime' })}
              {f('pay_overtime_weekly_hours', 'Weekly overtime after (hours)', s.pay_overtime_weekly_hours, {
                type: 'number',
                hint: "Empty: each person's contract hours",
              })}
              {f('overtime_multiplier', 'Overtime multiplier', s.overtime_multiplier, { type: 'number', hint: '1.5 = time and a half' })}
              <fieldset class="field">
                <legend>Paid breaks</legend>
                {(['break', 'lunch'] as const).map((k) => (
                  <label class="check">
                    <input type="checkbox" name="paid_break_kinds" value={k} checked={breaks.includes(k)} /> {k}
                  </label>
                ))}
              </fieldset>
            </div>
          </section>
          <section class="card" aria-labelledby="att-h">
            <h2 id="att-h">Attendance</h2>
            <div class="form-grid">
              {f('auto_clock_out_hours', 'Close open sessions after (hours)', s.auto_clock_out_hours, { type: 'number' })}
              {f('idle_threshold_seconds', 'Idle after (seconds)', s.idle_threshold_seconds, { type: 'number' })}
              {f('productivity_drop_threshold', 'Productivity drop alert under (score)', s.productivity_drop_threshold, { type: 'number' })}
              {f('presence_tap_minutes', 'Presence check every (minutes)', s.presence_tap_minutes, { type: 'number', hint: 'Empty: off' })}
              {f('geofence_policy', 'Office zones', s.geofence_policy, {
                options: [
                  ['off', 'off: ignore locations'],
                  ['record', 'record: keep the result'],
                  ['enforce', 'enforce: refuse outside'],
                ],
              })}
              {f('outside_zone_minutes', 'Outside-zone alert after (minutes)', s.outside_zone_minutes, { type: 'number' })}
              {f('workload_daily_hours', 'Unusual day above (hours)', s.workload_daily_hours, { type: 'number' })}
            </div>
          </section>
          <div class="form-actions">
            <button type="submit">Save the settings</button>
          </div>
        </form>
        <RetentionForm req={req} rows={s.retention} />
      </>
    )
  },
})
