/** @jsxImportSource @kitajs/html */
import { invoke } from '../../kernel/operation'
import { getCompanySettings } from '../../modules/tenants/get-company-settings'
import { updateCompanySettings } from '../../modules/tenants/update-company-settings'
import { definePage } from '../pages'
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
        <section class="card" aria-labelledby="ret-h">
          <h2 id="ret-h">Data retention</h2>
          <p class="muted">Within the plan's periods (change them with `workforce settings set --retention-…`).</p>
          <section class="table-wrap" tabindex="0" aria-labelledby="ret-h">
            <table>
              <thead>
                <tr>
                  <th scope="col">Data</th>
                  <th scope="col">Kept (days)</th>
                  <th scope="col">Plan (days)</th>
                </tr>
              </thead>
              <tbody>
                {s.retention.map((r) => (
                  <tr>
                    <td safe>{r.data_kind}</td>
                    <td safe>{String(r.days)}</td>
                    <td safe>{String(r.plan_days)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </section>
        <div class="form-actions">
          <button type="submit">Save the settings</button>
        </div>
      </form>
    )
  },
})
