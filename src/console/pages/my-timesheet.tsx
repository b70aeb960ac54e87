/** @jsxImportSource @kitajs/html */
import { invoke } from '../../kernel/operation'
import { addDays, isoWeekday, localDate } from '../../kernel/time'
import { listMyTimeCorrections } from '../../modules/time-tracking/list-time-corrections'
import { listMyTimesheet } from '../../modules/timesheets/list-my-timesheet'
import { submitTimesheet } from '../../modules/timesheets/submit-timesheet'
import { formatDateTime, formatDay, formatHours, formatTime } from '../format'
import { CsrfField } from '../layout'
import { definePage } from '../pages'
import { flashOf } from '../flash'

const STATUS = {
  draft: 'Draft',
  submitted: 'Submitted, waiting for approval',
  approved: 'Approved',
  rejected: 'Rejected',
  auto_generated: 'Generated, waiting for approval',
} as const

/** The employee's own timesheet: the entries of the current period, totals, submit, and corrections received. */
export const myTimesheetPage = definePage({
  path: '/me/timesheet',
  title: 'My timesheet',
  role: 'employee',
  nav: { section: 'Employee', label: 'My timesheet' },
  actions: {
    submit: (req) => flashOf(submitTimesheet, req, {}, ({ timesheet: s }) => `Timesheet of ${s.period_start} to ${s.period_end} submitted for approval.`),
  },
  async render(req) {
    const today = localDate(req.now, req.timezone)
    // The period: the pay-period timesheet holding today when one exists, else the running week.
    const around = await invoke(listMyTimesheet, req.ctx, { from: addDays(today, -40), to: today })
    const current = around.timesheets.find((s) => s.period_start <= today && s.period_end >= today) ?? null
    const from = current?.period_start ?? addDays(today, -((isoWeekday(today) - req.weekStart + 7) % 7))
    const sheet = await invoke(listMyTimesheet, req.ctx, { from, to: today })
    const corrections = await invoke(listMyTimeCorrections, req.ctx, { page_size: 20 })
    const csrf = req.signedIn.session.csrfToken
    const canSubmit = !current || current.status === 'draft' || current.status === 'rejected'
    return (
      <>
        <section class="card" aria-labelledby="period-h">
          <h2 id="period-h">
            {current ? 'This pay period' : 'This week'}: <span safe>{formatDay(req, from)}</span> to{' '}
            <span safe>{formatDay(req, current?.period_end ?? today)}</span>
          </h2>
          <p>
            Status: <strong safe>{current ? STATUS[current.status as keyof typeof STATUS] : 'Not submitted'}</strong>
            {current?.rejection_reason ? (
              <>
                {' '}
                — reason: <span safe>{current.rejection_reason}</span>
              </>
            ) : (
              ''
            )}
          </p>
          <p class="big" safe>
            {formatHours(req, sheet.total_hours)}
          </p>
          <p class="muted">
            {sheet.days_worked} {sheet.days_worked === 1 ? 'day' : 'days'} worked, {sheet.entries.length} {sheet.entries.length === 1 ? 'entry' : 'entries'}
          </p>
          {canSubmit ? (
            <form method="post" action="/me/timesheet" hx-push-url="false">
              <CsrfField token={csrf} />
              <input type="hidden" name="_action" value="submit" />
              <button type="submit">{current?.status === 'rejected' ? 'Submit again' : 'Submit for approval'}</button>
            </form>
          ) : (
            ''
          )}
        </section>
        <section class="card" aria-labelledby="entries-h">
          <h2 id="entries-h">Entries</h2>
          <div class="table-wrap" tabindex="0">
            <table>
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col">In</th>
                  <th scope="col">Out</th>
                  <th scope="col">Hours</th>
                </tr>
              </thead>
              <tbody>
                {sheet.entries.length === 0 ? (
                  <tr>
                    <td colspan="4">No entries yet in this period.</td>
                  </tr>
                ) : (
                  sheet.entries.map((x) => (
                    <tr>
                      <td safe>{formatDay(req, x.date)}</td>
                      <td safe>{formatTime(req, x.clock_in_at)}</td>
                      <td safe>{x.clock_out_at ? formatTime(req, x.clock_out_at) : 'running'}</td>
                      <td safe>{formatHours(req, x.hours)}</td>
                    </tr>
                  ))
                )}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" colspan="3">
                    Total
                  </th>
                  <td safe>{formatHours(req, sheet.total_hours)}</td>
                </tr>
              </tfoot>
            </table>
          </div>
        </section>
        <section class="card" aria-labelledby="corr-h">
          <h2 id="corr-h">Corrections to your time</h2>
          {corrections.data.length === 0 ? (
            <p class="muted">No manager or admin has corrected your time.</p>
          ) : (
            <ul class="plain-list">
              {corrections.data.map((c) => (
                <li>
                  <strong safe>{formatDay(req, c.work_date)}</strong>: {c.kind === 'added' ? 'entry added' : 'entry changed'},{' '}
                  <span safe>{formatTime(req, c.after.clock_in_at)}</span>–<span safe>{formatTime(req, c.after.clock_out_at)}</span>. Reason:{' '}
                  <span safe>{c.reason}</span> <span class="muted" safe>{`(${formatDateTime(req, c.corrected_at)})`}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </>
    )
  },
})
