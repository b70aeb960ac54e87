/** @jsxImportSource @kitajs/html */
import { invoke } from '../../kernel/operation'
import { getOvertimeReport } from '../../modules/dashboard/get-overtime-report'
import { getWorkloadAlerts } from '../../modules/dashboard/get-workload-alerts'
import { formatDay, formatHours, formatTime } from '../format'
import { definePage } from '../pages'

const KIND = { unusual_hours: 'Unusual hours', not_clocked_in: 'Not clocked in for a shift', timesheet_gap: 'Days without time', overtime: 'Overtime' } as const

/** Today's workload alerts and the overtime of this week and last week. */
export const teamAlertsPage = definePage({
  path: '/team/alerts',
  title: 'Alerts',
  role: 'manager',
  nav: { section: 'Manager', label: 'Alerts' },
  async render(req) {
    const alerts = await invoke(getWorkloadAlerts, req.ctx, {})
    const thisWeek = await invoke(getOvertimeReport, req.ctx, { period: 'this_week' })
    const lastWeek = await invoke(getOvertimeReport, req.ctx, { period: 'last_week' })
    return (
      <>
        <section class="card" aria-labelledby="alerts-h">
          <h2 id="alerts-h">Workload alerts today</h2>
          <p class="muted">
            As of <span safe>{formatTime(req, alerts.as_of)}</span>: {alerts.total_count} {alerts.total_count === 1 ? 'alert' : 'alerts'}, most severe first.
          </p>
          {alerts.alerts.length === 0 ? (
            <p>Nothing needs your attention today.</p>
          ) : (
            <div class="table-wrap" tabindex="0">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Severity</th>
                    <th scope="col">Person</th>
                    <th scope="col">Kind</th>
                    <th scope="col">What</th>
                  </tr>
                </thead>
                <tbody>
                  {alerts.alerts.map((a) => (
                    <tr>
                      <td>
                        <span class={`badge sev-${a.severity}`}>{a.severity}</span>
                      </td>
                      <td safe>{a.user_name}</td>
                      <td safe>{KIND[a.kind as keyof typeof KIND] ?? a.kind}</td>
                      <td safe>{a.message}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
        {[
          ['ot-this', 'Overtime this week', thisWeek],
          ['ot-last', 'Overtime last week', lastWeek],
        ].map(([id, title, r]) => {
          const rep = r as typeof thisWeek
          return (
            <section class="card" aria-labelledby={id as string}>
              <h2 id={id as string}>
                <span safe>{title as string}</span> (<span safe>{formatDay(req, rep.period_start)}</span> – <span safe>{formatDay(req, rep.period_end)}</span>)
              </h2>
              {rep.people.length === 0 ? (
                <p>Nobody worked overtime.</p>
              ) : (
                <div class="table-wrap" tabindex="0">
                  <table>
                    <thead>
                      <tr>
                        <th scope="col">Name</th>
                        <th scope="col">Worked</th>
                        <th scope="col">Overtime</th>
                      </tr>
                    </thead>
                    <tbody>
                      {rep.people.map((p) => (
                        <tr>
                          <td safe>{p.name}</td>
                          <td safe>{formatHours(req, p.worked_hours)}</td>
                          <td safe>{formatHours(req, p.overtime_hours)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
              <p class="muted" safe>
                {rep.rule}
              </p>
            </section>
          )
        })}
      </>
    )
  },
})
