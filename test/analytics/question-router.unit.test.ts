import { describe, expect, test } from 'bun:test'
import { bareWorld, routeQuestion, type World } from '../../src/modules/analytics/question-router'

const EXTENDED = new Set([
  'list_project_budgets',
  'get_project_hours_left',
  'list_tasks',
  'list_presence_now',
  'get_overtime_report',
  'list_missing_timesheets',
  'get_productivity_trend',
  'approve_timesheet',
  'reject_timesheet',
])

// Wednesday 18 March 2026 in Berlin; the specification's 24 tools unless a test turns the extended set on.
const world = (over: Partial<World> = {}): World => ({
  ...bareWorld(),
  offered: (tool) => !EXTENDED.has(tool),
  today: '2026-03-18',
  tz: 'Europe/Berlin',
  people: () => [
    { id: 'u-jonas', name: 'Jonas Richter', teamId: 't-plat' },
    { id: 'u-ruben-a', name: 'Ruben Abbott', teamId: 't-cs' },
    { id: 'u-ruben-o', name: 'Ruben Ortiz', teamId: 't-cs' },
  ],
  teams: () => [
    { id: 't-plat', name: 'Platform Engineering' },
    { id: 't-cs', name: 'Customer Support' },
    { id: 't-csx', name: 'Customer Success' },
  ],
  ...over,
})

describe('routing with the tenant’s world', () => {
  test('a named person and a period become ids and the tool’s enum', () => {
    const [first] = routeQuestion('How productive was Jonas last week?', world())
    expect(first).toMatchObject({ tool: 'get_productivity_overview', arguments: { user_id: 'u-jonas', period: 'last_week' } })
  })

  test('a word shared by two teams is a choice, not a guess', () => {
    const [first] = routeQuestion('hours of the customer team this month', world())
    expect(first!.tool).toBe('summarize_team_hours')
    expect(first!.arguments).toEqual({ period: 'this_month' })
    expect(first!.choices[0]!.options.map((o) => o.value).sort()).toEqual(['t-cs', 't-csx'])
  })

  test('a tool that is not offered is never suggested; one the role cannot call ranks after one it can', () => {
    const off = routeQuestion('Who worked overtime last week?', world({ offered: (t) => t !== 'get_workload_alerts' }))
    expect(off.map((r) => r.tool)).not.toContain('get_workload_alerts')
    const employee = routeQuestion(
      'How many hours did I work last week, and my team?',
      world({ allowed: (t) => (t === 'summarize_team_hours' ? { ok: false, why: 'needs Manager or above' } : { ok: true }) }),
    )
    expect(employee[0]!.tool).toBe('list_my_timesheet')
    expect(employee[0]!.arguments).toEqual({ from: '2026-03-09', to: '2026-03-15' })
    expect(employee.find((r) => r.tool === 'summarize_team_hours')?.reason).toContain('needs Manager or above')
  })

  test('the caller named by their own name is "me"', () => {
    const [first] = routeQuestion('How many hours did Jonas Richter work yesterday?', world({ selfId: 'u-jonas' }))
    expect(first).toMatchObject({ tool: 'list_my_timesheet', arguments: { from: '2026-03-17', to: '2026-03-17' } })
  })

  test('past attendance goes to the alerts of that date, present attendance to the directory', () => {
    expect(routeQuestion('How was attendance last Friday?', world())[0]).toMatchObject({ tool: 'get_workload_alerts', arguments: { date: '2026-03-13' } })
    expect(routeQuestion('Who is in right now?', world())[0]).toMatchObject({ tool: 'list_employees', arguments: { page_size: 100 } })
  })

  test('with the extended set on, one call answers what took several', () => {
    const on = world({ offered: () => true, selfId: 'u-jonas' })
    expect(routeQuestion('Who worked overtime last week?', on)[0]).toMatchObject({ tool: 'get_overtime_report', arguments: { period: 'last_week' } })
    expect(routeQuestion('overtime between 2026-03-02 and 2026-03-15 in Customer Support', on)[0]).toMatchObject({
      tool: 'get_overtime_report',
      arguments: { from: '2026-03-02', to: '2026-03-15', team_id: 't-cs' },
    })
    expect(routeQuestion("Who's on a break right now?", on)[0]).toMatchObject({ tool: 'list_presence_now', arguments: { presence: 'on_break' } })
    expect(routeQuestion('What tasks are assigned to me?', on)[0]).toMatchObject({ tool: 'list_tasks', arguments: { assignee_user_id: 'u-jonas' } })
    expect(routeQuestion("Who hasn't submitted their timesheet for last week?", on)[0]).toMatchObject({
      tool: 'list_missing_timesheets',
      arguments: { period: 'previous' },
    })
    expect(routeQuestion('Has Ruben Ortiz become more productive over the past 8 weeks? Is it improving?', on)[0]).toMatchObject({
      tool: 'get_productivity_trend',
      arguments: { user_id: 'u-ruben-o', weeks: 8 },
    })
  })
})
