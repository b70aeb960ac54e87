/** @jsxImportSource @kitajs/html */
import { invoke } from '../../kernel/operation'
import { listUpcomingShifts } from '../../modules/shifts/list-upcoming-shifts'
import { listPresenceNow } from '../../modules/time-tracking/list-presence-now'
import { formatTime } from '../format'
import { definePage } from '../pages'

const LABEL = { working: 'Working', on_break: 'On a break', clocked_out: 'Clocked out' } as const

export const teamNowPage = definePage({
  path: '/team/now',
  title: 'Who is in now',
  role: 'manager',
  nav: { section: 'Manager', label: 'Who is in now' },
  async render(req) {
    const now = await invoke(listPresenceNow, req.ctx, {})
    // Missing against the schedule (console-people): a published shift in progress whose person is not clocked in.
    const shifts = await invoke(listUpcomingShifts, req.ctx, { page_size: 100 })
    const clockedOut = new Map(now.people.filter((p) => p.presence === 'clocked_out').map((p) => [p.user_id, p]))
    const nowIso = new Date(req.now).toISOString()
    const missing = shifts.data.filter((s) => s.status === 'scheduled' && s.starts_at <= nowIso && s.ends_at > nowIso && clockedOut.has(s.user_id))
    return (
      <>
        <p class="muted">
          As of <span safe>{formatTime(req, now.as_of)}</span>: {now.counts.working} working, {now.counts.on_break} on a break, {now.counts.clocked_out} clocked
          out.
        </p>
        <section class="card" aria-labelledby="missing-h">
          <h2 id="missing-h">Missing against the schedule</h2>
          {missing.length === 0 ? (
            <p class="muted">Everyone whose shift is running now has clocked in.</p>
          ) : (
            <ul class="plain-list">
              {missing.map((s) => (
                <li>
                  <span class="badge missing">Missing</span> <strong safe>{s.user_name}</strong>: shift <span safe>{formatTime(req, s.starts_at)}</span>–
                  <span safe>{formatTime(req, s.ends_at)}</span>
                  {s.template_name ? <span safe>{` (${s.template_name})`}</span> : ''}, not clocked in
                </li>
              ))}
            </ul>
          )}
        </section>
        <div class="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Now</th>
                <th scope="col">Since</th>
              </tr>
            </thead>
            <tbody>
              {now.people.map((p) => (
                <tr>
                  <td safe>{p.name}</td>
                  <td>
                    <span class={`badge ${p.presence}`}>{LABEL[p.presence]}</span>
                  </td>
                  <td safe>{p.presence === 'on_break' ? formatTime(req, p.break_started_at) : formatTime(req, p.clocked_in_since)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </>
    )
  },
})
