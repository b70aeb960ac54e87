/** @jsxImportSource @kitajs/html */
import { DomainError } from '../../kernel/errors'
import { invoke } from '../../kernel/operation'
import { addDays, isoWeekday, localDate } from '../../kernel/time'
import { clientClockIn, clientClockOut } from '../../modules/time-tracking/client-clock'
import { endBreak } from '../../modules/time-tracking/end-break'
import { getMyStatus } from '../../modules/time-tracking/get-my-status'
import { recordPresenceTap } from '../../modules/time-tracking/record-presence-tap'
import { startBreak } from '../../modules/time-tracking/start-break'
import { listMyTimesheet } from '../../modules/timesheets/list-my-timesheet'
import { getEmployeeDetails } from '../../modules/users/get-employee-details'
import { flashOf, refusal } from '../flash'
import { formatDay, formatHours, formatLongToday, formatTime } from '../format'
import { CsrfField } from '../layout'
import { definePage, type Flash } from '../pages'
import type { SignedInRequest } from '../request'

/** The ISO weekday the week starts on (tenants.week_start) gives the first date of this week. */
const firstDayOfWeek = (today: string, weekStart: number): string => addDays(today, -((isoWeekday(today) - weekStart + 7) % 7))

const num = (v: string | null): number | undefined => {
  if (v === null || v.trim() === '') return undefined
  const n = Number(v)
  return Number.isFinite(n) ? n : undefined
}

async function clockIn(req: SignedInRequest, form: URLSearchParams): Promise<Flash> {
  const latitude = num(form.get('latitude'))
  const longitude = num(form.get('longitude'))
  const geoError = form.get('geo_error')?.slice(0, 200) || null
  try {
    const r = await invoke(clientClockIn, req.ctx, latitude !== undefined && longitude !== undefined ? { latitude, longitude } : {})
    const where =
      r.is_within_geofence === true
        ? ` You are at ${r.matched_office_name}.`
        : r.is_within_geofence === false
          ? ` You are outside every office (${r.distance_meters ?? '?'} m from the nearest).`
          : latitude === undefined
            ? ` Your location was not sent${geoError ? `: ${geoError}` : ''}.`
            : ''
    return { kind: 'ok', text: `Clocked in at ${formatTime(req, r.clock_in_at)}.${where}` }
  } catch (err) {
    const f = refusal(err)
    if (err instanceof DomainError && err.code === 'outside_geofence' && latitude === undefined && geoError) {
      return { ...f, text: `${f.text} ${geoError} Allow location for this site in your browser and try again.` }
    }
    return f
  }
}

export const todayPage = definePage({
  path: '/today',
  title: 'Today',
  role: 'employee',
  nav: { section: 'Employee', label: 'Today' },
  actions: {
    clock_in: clockIn,
    clock_out: async (req, form) => {
      const latitude = num(form.get('latitude'))
      const longitude = num(form.get('longitude'))
      return flashOf(
        clientClockOut,
        req,
        latitude !== undefined && longitude !== undefined ? { latitude, longitude } : {},
        (r) => `Clocked out at ${formatTime(req, r.clock_out_at)}: ${formatHours(req, r.duration_seconds / 3600)} worked.`,
      )
    },
    start_break: (req) =>
      flashOf(startBreak, req, {}, (r) => (r.changed ? `Break started at ${formatTime(req, r.break.started_at)}.` : 'You are on a break already.')),
    presence_tap: async (req, form) => {
      const latitude = num(form.get('latitude'))
      const longitude = num(form.get('longitude'))
      return flashOf(recordPresenceTap, req, latitude !== undefined && longitude !== undefined ? { latitude, longitude } : {}, (r) => {
        const next = r.next_tap_due_at ? ` Next confirmation due at ${formatTime(req, r.next_tap_due_at)}.` : ''
        return `Presence confirmed at ${formatTime(req, r.tapped_at)}.${next}`
      })
    },
    end_break: (req) => flashOf(endBreak, req, {}, (r) => `Break ended at ${formatTime(req, r.break.ended_at)}.`),
  },
  async render(req) {
    const me = await invoke(getEmployeeDetails, req.ctx, { employee_id: 'me' })
    const status = await invoke(getMyStatus, req.ctx, {})
    const today = localDate(req.now, req.timezone)
    const from = firstDayOfWeek(today, req.weekStart)
    const sheet = await invoke(listMyTimesheet, req.ctx, { from, to: today })
    const todayHours = sheet.entries.filter((x) => x.date === today).reduce((s, x) => s + x.hours, 0)
    const days = Array.from({ length: 7 }, (_, i) => addDays(from, i))
    const byDay = new Map(days.map((d) => [d, sheet.entries.filter((x) => x.date === d).reduce((s, x) => s + x.hours, 0)]))
    const csrf = req.signedIn.session.csrfToken
    const button = (action: string, label: string, opts: { geo?: boolean; secondary?: boolean } = {}) => (
      <form method="post" action="/today" hx-push-url="false" data-geo={opts.geo ? '' : undefined}>
        <CsrfField token={csrf} />
        <input type="hidden" name="_action" value={action} />
        {opts.geo ? (
          <>
            <input type="hidden" name="latitude" value="" />
            <input type="hidden" name="longitude" value="" />
            <input type="hidden" name="geo_error" value="" />
          </>
        ) : (
          ''
        )}
        <button type="submit" class={opts.secondary ? 'secondary' : undefined}>
          {label}
        </button>
      </form>
    )
    return (
      <>
        <p class="muted" safe>
          {formatLongToday(req, req.now)}
        </p>
        <section class="card" aria-labelledby="now-h">
          <h2 id="now-h">Now</h2>
          {status.status === 'working' ? (
            <p>
              <span class="badge working">Clocked in</span> since <strong safe>{formatTime(req, status.clocked_in_since)}</strong>
            </p>
          ) : status.status === 'on_break' ? (
            <p>
              <span class="badge on_break">{status.break_kind === 'lunch' ? 'On lunch' : 'On a break'}</span> since{' '}
              <strong safe>{formatTime(req, status.break_started_at)}</strong>, clocked in since <span safe>{formatTime(req, status.clocked_in_since)}</span>
            </p>
          ) : (
            <p>
              <span class="badge">Clocked out</span>
            </p>
          )}
          {status.presence_tap_due_at ? (
            <p class={status.presence_tap_due ? 'presence-due' : 'muted'}>
              {status.presence_tap_due ? 'Please confirm you are still at work: due since ' : 'Next presence confirmation due at '}
              <span safe>{formatTime(req, status.presence_tap_due_at)}</span>.
            </p>
          ) : (
            ''
          )}
          <div class="actions">
            {status.status === 'working'
              ? [
                  button('clock_out', 'Clock out', { geo: true }),
                  button('start_break', 'Start break', { secondary: true }),
                  status.presence_tap_due_at ? button('presence_tap', 'I am still here', { geo: true, secondary: !status.presence_tap_due }) : '',
                ]
              : status.status === 'on_break'
                ? [button('end_break', 'End break'), button('clock_out', 'Clock out', { geo: true, secondary: true })]
                : button('clock_in', 'Clock in', { geo: true })}
          </div>
          <p class="muted" data-geo-status aria-live="polite">
            Clocking in and out asks your browser for your location, to check it against your company's office zones.
          </p>
        </section>
        <div class="grid">
          <section class="card" aria-labelledby="today-h">
            <h2 id="today-h">Hours today</h2>
            <p class="big" safe>
              {formatHours(req, todayHours)}
            </p>
          </section>
          <section class="card" aria-labelledby="week-h">
            <h2 id="week-h">This week</h2>
            <p class="big" safe>
              {formatHours(req, sheet.total_hours)}
            </p>
            <p class="muted">of {me.weekly_hours} h contracted</p>
          </section>
        </div>
        <section class="card" aria-labelledby="days-h">
          <h2 id="days-h">This week by day</h2>
          <section class="table-wrap" tabindex="0" aria-labelledby="days-h">
            <table>
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col">Hours</th>
                </tr>
              </thead>
              <tbody>
                {days.map((d) => (
                  <tr>
                    <td safe>{formatDay(req, d)}</td>
                    <td safe>{formatHours(req, byDay.get(d) ?? 0)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </section>
      </>
    )
  },
})
