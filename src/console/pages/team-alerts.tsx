/** @jsxImportSource @kitajs/html */
import { invoke } from '../../kernel/operation'
import { getOvertimeReport } from '../../modules/dashboard/get-overtime-report'
import { getWorkloadAlerts } from '../../modules/dashboard/get-workload-alerts'
import { Table } from '../components/table'
import { formatDay, formatHours, formatTime } from '../format'
import { definePage } from '../pages'
import { Pager, pageOf, slicePage } from './paging'

const KIND = { unusual_hours: 'Unusual hours', not_clocked_in: 'Not clocked in for a shift', timesheet_gap: 'Days without time', overtime: 'Overtime' } as const

/** Alerts per page of the list (the count above it is of all of them). */
export const ALERTS_PAGE_SIZE = 50
const OVERTIME = { this_week: 'Overtime this week', last_week: 'Overtime last week' } as const

/**
 * Today's workload alerts (a page of 50, most severe first) and the overtime of one week: this
 * week, or last week when asked (`?overtime=last_week`). Only the week shown is computed.
 */
export const teamAlertsPage = definePage({
  path: '/team/alerts',
  title: 'Alerts',
  role: 'manager',
  nav: { section: 'Manager', label: 'Alerts' },
  async render(req) {
    const alerts = await invoke(getWorkloadAlerts, req.ctx, {})
    const shown = slicePage(alerts.alerts, pageOf(req), ALERTS_PAGE_SIZE)
    const week = req.url.searchParams.get('overtime') === 'last_week' ? 'last_week' : 'this_week'
    const rep = await invoke(getOvertimeReport, req.ctx, { period: week })
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
            <Table
              rows={shown.rows}
              labelledBy="alerts-h"
              columns={[
                {
                  header: 'Severity',
                  cell: (a) => (
                    <span class={`badge sev-${a.severity}`} safe>
                      {a.severity}
                    </span>
                  ),
                },
                { header: 'Person', text: (a) => a.user_name },
                { header: 'Kind', text: (a) => KIND[a.kind as keyof typeof KIND] ?? a.kind },
                { header: 'What', text: (a) => a.message },
              ]}
            />
          )}
          <Pager req={req} page={shown.page} pages={shown.pages} label="Pages of the alerts" />
        </section>
        {[week].map(() => {
          const other = week === 'this_week' ? 'last_week' : 'this_week'
          return (
            <section class="card" aria-labelledby="ot-h">
              <h2 id="ot-h">
                <span safe>{OVERTIME[week]}</span> (<span safe>{formatDay(req, rep.period_start)}</span> – <span safe>{formatDay(req, rep.period_end)}</span>)
              </h2>
              <p>
                <a href={`/team/alerts?overtime=${other}`} safe>
                  {`Show ${OVERTIME[other].toLowerCase()}`}
                </a>
              </p>
              {rep.people.length === 0 ? (
                <p>Nobody worked overtime.</p>
              ) : (
                <Table
                  rows={rep.people}
                  labelledBy="ot-h"
                  columns={[
                    { header: 'Name', text: (p) => p.name },
                    { header: 'Worked', text: (p) => formatHours(req, p.worked_hours) },
                    { header: 'Overtime', text: (p) => formatHours(req, p.overtime_hours) },
                  ]}
                />
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
