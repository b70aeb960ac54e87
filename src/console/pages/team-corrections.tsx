/** @jsxImportSource @kitajs/html */
import { DomainError } from '../../kernel/errors'
import { invoke } from '../../kernel/operation'
import { localDate, zonedTimeToInstant, toIso } from '../../kernel/time'
import { addTimeEntry } from '../../modules/time-tracking/add-time-entry'
import { correctTimeEntry } from '../../modules/time-tracking/correct-time-entry'
import { listPresenceNow } from '../../modules/time-tracking/list-presence-now'
import { listTimeCorrections } from '../../modules/time-tracking/list-time-corrections'
import { getTimesheetDetails } from '../../modules/timesheets/get-timesheet-details'
import { Table } from '../components/table'
import { formatDateTime, formatDay, formatHours, formatTime } from '../format'
import { CsrfField } from '../layout'
import { definePage, type Flash } from '../pages'
import type { SignedInRequest } from '../request'
import { flashOf } from '../flash'

const DATE = /^\d{4}-\d{2}-\d{2}$/
const TIME = /^\d{2}:\d{2}$/

/** A date and a time of day in the company's zone, from the form; a field-named refusal otherwise. */
function instantOf(req: SignedInRequest, form: URLSearchParams, dateField: string, timeField: string): string | Flash {
  const date = form.get(dateField) ?? ''
  const time = form.get(timeField) ?? ''
  if (!DATE.test(date)) return { kind: 'error', text: `${dateField}: give a date.`, status: 400 }
  if (!TIME.test(time)) return { kind: 'error', text: `${timeField}: give a time of day (HH:MM).`, status: 400 }
  return toIso(zonedTimeToInstant(date, time, req.timezone))
}

const isFlash = (x: string | Flash): x is Flash => typeof x !== 'string'

/**
 * Time corrections on the people the manager manages: add a missed entry, change an entry of a
 * timesheet (opened from Approvals), and the corrections made so far. The person sees each reason.
 */
export const teamCorrectionsPage = definePage({
  path: '/team/corrections',
  title: 'Time corrections',
  role: 'manager',
  nav: { section: 'Manager', label: 'Corrections' },
  actions: {
    add: async (req, form) => {
      const from = instantOf(req, form, 'date', 'from')
      if (isFlash(from)) return from
      const to = instantOf(req, form, 'date', 'to')
      if (isFlash(to)) return to
      return flashOf(
        addTimeEntry,
        req,
        { user_id: form.get('user_id') ?? '', clock_in_at: from, clock_out_at: to, reason: form.get('reason') ?? '' },
        (r) => `Entry added on ${formatDay(req, r.correction.work_date)}: ${formatHours(req, r.correction.after.worked_seconds / 3600)}.`,
      )
    },
    correct: async (req, form) => {
      const date = form.get('date') ?? ''
      const from = form.get('from') ? instantOf(req, form, 'date', 'from') : undefined
      const to = form.get('to') ? instantOf(req, form, 'date', 'to') : undefined
      if (from && isFlash(from)) return from
      if (to && isFlash(to)) return to
      return flashOf(
        correctTimeEntry,
        req,
        {
          time_log_id: form.get('time_log_id') ?? '',
          ...(from ? { clock_in_at: from } : {}),
          ...(to ? { clock_out_at: to } : {}),
          reason: form.get('reason') ?? '',
        },
        (r) => `Entry of ${formatDay(req, date || r.correction.work_date)} corrected: now ${formatHours(req, r.correction.after.worked_seconds / 3600)}.`,
      )
    },
  },
  async render(req) {
    const csrf = req.signedIn.session.csrfToken
    const people = await invoke(listPresenceNow, req.ctx, {})
    const done = await invoke(listTimeCorrections, req.ctx, { page_size: 20 })
    const names = new Map(people.people.map((p) => [p.user_id, p.name]))
    const today = localDate(req.now, req.timezone)
    const sheetId = req.url.searchParams.get('timesheet_id')
    let sheet: Awaited<ReturnType<typeof getTimesheetDetails.run>> | null = null
    let sheetProblem: string | null = null
    if (sheetId) {
      try {
        sheet = await invoke(getTimesheetDetails, req.ctx, { timesheet_id: sheetId })
      } catch (err) {
        if (!(err instanceof DomainError)) throw err
        sheetProblem = err.message
      }
    }
    const hhmm = (iso: string | null) =>
      iso ? new Intl.DateTimeFormat('en-GB', { timeZone: req.timezone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso)) : ''
    return (
      <>
        {sheetProblem ? (
          <p role="alert" safe>
            {sheetProblem}
          </p>
        ) : (
          ''
        )}
        {sheet ? (
          <section class="card" aria-labelledby="sheet-h">
            <h2 id="sheet-h">
              Entries of <span safe>{sheet.user.name}</span>, <span safe>{formatDay(req, sheet.timesheet.period_start)}</span> –{' '}
              <span safe>{formatDay(req, sheet.timesheet.period_end)}</span>
            </h2>
            {sheet.entries.map((x) => (
              <form method="post" action={`/team/corrections?timesheet_id=${encodeURIComponent(sheet.timesheet.id)}`} hx-push-url="false" class="inline-form">
                <CsrfField token={csrf} />
                <input type="hidden" name="_action" value="correct" />
                <input type="hidden" name="time_log_id" value={x.time_log_id} />
                <input type="hidden" name="date" value={x.date} />
                <strong safe>{formatDay(req, x.date)}</strong>
                <label for={`in-${x.time_log_id}`}>In</label>
                <input type="time" id={`in-${x.time_log_id}`} name="from" value={hhmm(x.clock_in_at)} />
                <label for={`out-${x.time_log_id}`}>Out</label>
                <input type="time" id={`out-${x.time_log_id}`} name="to" value={hhmm(x.clock_out_at)} />
                <label for={`why-${x.time_log_id}`}>Reason</label>
                <input type="text" id={`why-${x.time_log_id}`} name="reason" minlength="3" maxlength="500" required />
                <button type="submit" class="secondary">
                  Correct
                </button>
              </form>
            ))}
          </section>
        ) : (
          ''
        )}
        <section class="card" aria-labelledby="add-h">
          <h2 id="add-h">Add a missed entry</h2>
          <form method="post" action="/team/corrections" hx-push-url="false" class="stack">
            <CsrfField token={csrf} />
            <input type="hidden" name="_action" value="add" />
            <label for="add-person">Person</label>
            <select id="add-person" name="user_id" required>
              {people.people.map((p) => (
                <option value={p.user_id} safe>
                  {p.name}
                </option>
              ))}
            </select>
            <label for="add-date">Date</label>
            <input type="date" id="add-date" name="date" value={today} max={today} required />
            <label for="add-from">From</label>
            <input type="time" id="add-from" name="from" required />
            <label for="add-to">To</label>
            <input type="time" id="add-to" name="to" required />
            <label for="add-reason">Reason (the person sees it)</label>
            <input type="text" id="add-reason" name="reason" minlength="3" maxlength="500" required />
            <button type="submit">Add the entry</button>
          </form>
          <p class="muted">To change an existing entry, open the timesheet from Approvals ("Entries").</p>
        </section>
        <section class="card" aria-labelledby="done-h">
          <h2 id="done-h">Corrections made</h2>
          <Table
            rows={done.data}
            empty="No corrections yet."
            labelledBy="done-h"
            columns={[
              { header: 'Person', text: (c) => names.get(c.user_id) ?? c.user_id },
              { header: 'Day', text: (c) => formatDay(req, c.work_date) },
              {
                header: 'Now',
                text: (c) => `${formatTime(req, c.after.clock_in_at)}–${formatTime(req, c.after.clock_out_at)}${c.kind === 'added' ? ' (added)' : ''}`,
              },
              { header: 'Reason', text: (c) => c.reason },
              { header: 'When', text: (c) => formatDateTime(req, c.corrected_at) },
            ]}
          />
        </section>
      </>
    )
  },
})
