/** @jsxImportSource @kitajs/html */
import { invoke } from '../../kernel/operation'
import { getProductivityOverview } from '../../modules/activity/get-productivity-overview'
import { getProductivityTrend } from '../../modules/activity/get-productivity-trend'
import { formatDay, formatHours } from '../format'
import { definePage } from '../pages'

/** The employee's own productivity, with what is collected and what is not. */
export const myProductivityPage = definePage({
  path: '/me/productivity',
  title: 'My productivity',
  role: 'employee',
  nav: { section: 'Employee', label: 'My productivity' },
  async render(req) {
    const week = await invoke(getProductivityOverview, req.ctx, { period: 'this_week' })
    const trend = await invoke(getProductivityTrend, req.ctx, { weeks: 6 })
    return (
      <>
        <section class="card privacy-note" aria-labelledby="privacy-h">
          <h2 id="privacy-h">What is collected</h2>
          <p>
            Only the names of the applications you use and how long each was in use, from the desktop agent while you are clocked in. No keystrokes, no
            screenshots, no window contents, no web addresses. Your score is the share of active application time in applications your company classed as
            productive.
          </p>
          <p class="muted" safe>
            {week.privacy_note}
          </p>
        </section>
        <section class="card" aria-labelledby="week-h">
          <h2 id="week-h">This week</h2>
          {week.data_availability === 'no_data' ? (
            <p>No application usage was recorded this week.</p>
          ) : (
            <>
              <p class="big">{week.score} / 100</p>
              <p class="muted">
                <span safe>{formatHours(req, week.productiveSeconds / 3600)}</span> productive of <span safe>{formatHours(req, week.totalSeconds / 3600)}</span>{' '}
                active
              </p>
            </>
          )}
        </section>
        <section class="card" aria-labelledby="trend-h">
          <h2 id="trend-h">Week by week</h2>
          <div class="table-wrap" tabindex="0">
            <table>
              <thead>
                <tr>
                  <th scope="col">Week of</th>
                  <th scope="col">Score</th>
                  <th scope="col">Active</th>
                </tr>
              </thead>
              <tbody>
                {trend.weeks.map((w) => (
                  <tr>
                    <td safe>{formatDay(req, w.week_start)}</td>
                    <td>{w.active_seconds > 0 ? String(w.score) : '—'}</td>
                    <td safe>{formatHours(req, w.active_seconds / 3600)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      </>
    )
  },
})
