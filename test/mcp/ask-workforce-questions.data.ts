/**
 * Questions people ask an AI client about their workforce, as they would type them, with the tool
 * ask_workforce should suggest first and the arguments it should pass. Asked on the seeded demo
 * company (Northwind Logistics, Europe/Berlin) by an Admin (the public demo key), a Manager
 * (Priya Raman, Platform Engineering) and an Employee (Jonas Richter, Platform Engineering).
 * Expected ids and dates are computed from the tenant at test time: `d` below.
 */
export type Asker = 'admin' | 'manager' | 'employee'

export interface Dates {
  today: string
  yesterday: string
  /** Most recent date of this ISO weekday (1 Monday … 7 Sunday), today included or not. */
  lastWeekday(weekday: number, includeToday: boolean): string
  thisWeek: { from: string; to: string }
  lastWeek: { from: string; to: string }
  thisMonth: { from: string; to: string }
  /** English name of the previous calendar month ("October"). */
  lastMonthName: string
  /** The tool period holding a date: this_week or last_week (or this_month/last_month when neither). */
  periodHolding(date: string): string
  /** Start of a local date in the tenant's zone as an ISO instant. */
  startOf(date: string): string
  addDays(date: string, n: number): string
}

export interface Lookup {
  user(name: string): string
  team(name: string): string
}

export interface QuestionCase {
  as: Asker
  q: string | ((d: Dates) => string)
  tool: string
  args?: (d: Dates, l: Lookup) => Record<string, string | number | boolean>
  /** Names the route must offer as choices for an argument (ambiguous). */
  choices?: { argument: string; names: string[] }
}

export const QUESTIONS: QuestionCase[] = [
  // Attendance: who is missing, who is in
  { as: 'admin', q: "Who hasn't clocked in today?", tool: 'get_workload_alerts', args: (d) => ({ date: d.today }) },
  { as: 'manager', q: 'Which of my people didn’t show up this morning?', tool: 'get_workload_alerts', args: (d) => ({ date: d.today }) },
  { as: 'admin', q: 'Is anyone missing from their shift today?', tool: 'get_workload_alerts', args: (d) => ({ date: d.today }) },
  { as: 'manager', q: 'Was anybody late yesterday?', tool: 'get_workload_alerts', args: (d) => ({ date: d.yesterday }) },
  { as: 'admin', q: 'Who is working right now?', tool: 'list_employees', args: () => ({ page_size: 100 }) },
  { as: 'manager', q: "who's clocked in at the moment", tool: 'list_employees', args: () => ({ page_size: 100 }) },
  {
    as: 'admin',
    q: 'Who from Customer Support is on shift?',
    tool: 'list_employees',
    args: (_d, l) => ({ team_id: l.team('Customer Support'), page_size: 100 }),
  },
  { as: 'admin', q: 'Is Hannah Becker in today?', tool: 'get_employee_details', args: (_d, l) => ({ employee_id: l.user('Hannah Becker') }) },
  { as: 'employee', q: 'Am I clocked in?', tool: 'get_employee_details', args: () => ({ employee_id: 'me' }) },

  // Hours of a person, of a team
  {
    as: 'admin',
    q: 'How many hours did Jonas Richter work last week?',
    tool: 'summarize_team_hours',
    args: (_d, l) => ({ team_id: l.team('Platform Engineering'), period: 'last_week' }),
  },
  {
    as: 'manager',
    q: 'How much did Theo work yesterday?',
    tool: 'summarize_team_hours',
    args: (d, l) => ({ team_id: l.team('Platform Engineering'), period: d.periodHolding(d.yesterday) }),
  },
  {
    as: 'admin',
    q: (d) => `What were Lucia Santos's hours in ${d.lastMonthName}?`,
    tool: 'summarize_team_hours',
    args: (_d, l) => ({ team_id: l.team('Platform Engineering'), period: 'last_month' }),
  },
  { as: 'manager', q: 'How many hours has my team logged this month?', tool: 'summarize_team_hours', args: () => ({ period: 'this_month' }) },
  {
    as: 'admin',
    q: 'Total hours for Customer Support this month',
    tool: 'summarize_team_hours',
    args: (_d, l) => ({ team_id: l.team('Customer Support'), period: 'this_month' }),
  },
  {
    as: 'admin',
    q: 'how many hours did the dispatch team put in last week',
    tool: 'summarize_team_hours',
    args: (_d, l) => ({ team_id: l.team('Dispatch Operations'), period: 'last_week' }),
  },
  { as: 'manager', q: 'Who on my team worked the most hours this week?', tool: 'summarize_team_hours', args: () => ({ period: 'this_week' }) },
  {
    as: 'admin',
    q: 'Give me the weekly hours breakdown for Leadership',
    tool: 'summarize_team_hours',
    args: (_d, l) => ({ team_id: l.team('Leadership'), period: 'this_week' }),
  },
  { as: 'admin', q: 'How many hours did Sales log today?', tool: 'summarize_team_hours', args: (_d, l) => ({ team_id: l.team('Sales'), period: 'today' }) },

  // Approvals
  { as: 'manager', q: 'Which timesheets are waiting for my approval?', tool: 'list_pending_approvals', args: () => ({}) },
  {
    as: 'admin',
    q: 'Any timesheets pending approval for Customer Support?',
    tool: 'list_pending_approvals',
    args: (_d, l) => ({ team_id: l.team('Customer Support') }),
  },
  { as: 'admin', q: 'What do I still need to sign off?', tool: 'list_pending_approvals', args: () => ({}) },
  { as: 'manager', q: 'Are there submitted timesheets I haven’t reviewed?', tool: 'list_pending_approvals', args: () => ({}) },

  // Overtime and workload
  { as: 'admin', q: 'Who worked overtime last week?', tool: 'get_workload_alerts', args: (d) => ({ date: d.lastWeek.to }) },
  { as: 'manager', q: 'Is anyone on my team doing too many hours this week?', tool: 'get_workload_alerts', args: (d) => ({ date: d.today }) },
  { as: 'admin', q: 'Any burnout risks in Platform Engineering?', tool: 'get_workload_alerts', args: () => ({}) },
  { as: 'admin', q: 'Show me the workload alerts from yesterday', tool: 'get_workload_alerts', args: (d) => ({ date: d.yesterday }) },
  { as: 'manager', q: 'Were there any alerts on Friday?', tool: 'get_workload_alerts', args: (d) => ({ date: d.lastWeekday(5, true) }) },

  // Productivity
  {
    as: 'admin',
    q: 'How productive was the support team last week?',
    tool: 'list_employees',
    args: (_d, l) => ({ team_id: l.team('Customer Support'), page_size: 100 }),
  },
  { as: 'manager', q: 'How productive is my team?', tool: 'get_dashboard_summary', args: () => ({}) },
  {
    as: 'manager',
    q: 'How productive has Wei Alvarez been this month?',
    tool: 'get_productivity_overview',
    args: (_d, l) => ({ user_id: l.user('Wei Alvarez'), period: 'this_month' }),
  },
  { as: 'employee', q: "What's my productivity score this week?", tool: 'get_productivity_overview', args: () => ({ period: 'this_week' }) },
  {
    as: 'admin',
    q: 'Productivity for Omar last week',
    tool: 'get_productivity_overview',
    args: () => ({ period: 'last_week' }),
    choices: { argument: 'user_id', names: ['Omar Adeyemi', 'Omar Eriksson', 'Omar Okonkwo'] },
  },

  // My timesheet
  { as: 'employee', q: 'Show me my timesheet for last week', tool: 'list_my_timesheet', args: (d) => ({ from: d.lastWeek.from, to: d.lastWeek.to }) },
  { as: 'employee', q: 'How many hours have I worked this month?', tool: 'list_my_timesheet', args: (d) => ({ from: d.thisMonth.from, to: d.today }) },
  { as: 'employee', q: 'Did I clock out properly yesterday?', tool: 'list_my_timesheet', args: (d) => ({ from: d.yesterday, to: d.yesterday }) },
  {
    as: 'employee',
    q: 'what were my hours between 2026-11-02 and 2026-11-08',
    tool: 'list_my_timesheet',
    args: () => ({ from: '2026-11-02', to: '2026-11-08' }),
  },

  {
    as: 'employee',
    q: 'How many hours did Jonas Richter work last week?',
    tool: 'list_my_timesheet',
    args: (d) => ({ from: d.lastWeek.from, to: d.lastWeek.to }),
  },

  // Writes
  { as: 'employee', q: 'Clock me in please', tool: 'clock_in', args: () => ({}) },
  { as: 'employee', q: "I'm done for the day, clock me out", tool: 'clock_out', args: () => ({}) },
  { as: 'admin', q: 'Invite anna.berg@example.com to the company', tool: 'invite_staff', args: () => ({ email: 'anna.berg@example.com' }) },

  // People
  { as: 'admin', q: 'What team is Ruben Ortiz in?', tool: 'get_employee_details', args: (_d, l) => ({ employee_id: l.user('Ruben Ortiz') }) },
  { as: 'admin', q: 'Show me everyone in Dispatch Operations', tool: 'list_employees', args: (_d, l) => ({ team_id: l.team('Dispatch Operations') }) },
  { as: 'manager', q: "What's Kenji's email address?", tool: 'get_employee_details', args: (_d, l) => ({ employee_id: l.user('Kenji Andersen') }) },
  { as: 'admin', q: "What's Camille's email address?", tool: 'get_employee_details', args: (_d, l) => ({ employee_id: l.user('Camille Tanaka') }) },
  {
    as: 'admin',
    q: 'Tell me about Hugo',
    tool: 'get_employee_details',
    args: () => ({}),
    choices: { argument: 'employee_id', names: ['Hugo Jansen', 'Hugo Popescu'] },
  },

  // Overview and activity
  { as: 'admin', q: 'Give me an overview of today', tool: 'get_dashboard_summary', args: () => ({}) },
  { as: 'admin', q: 'How is the company doing?', tool: 'get_dashboard_summary', args: () => ({}) },
  {
    as: 'admin',
    q: 'What happened since Monday?',
    tool: 'list_recent_activity',
    args: (d): Record<string, string> => (d.lastWeekday(1, true) < d.today ? { since: d.startOf(d.lastWeekday(1, true)) } : {}),
  },
  { as: 'manager', q: 'Show recent clock-ins from the past 3 days', tool: 'list_recent_activity', args: (d) => ({ since: d.startOf(d.addDays(d.today, -2)) }) },

  // Product, pricing, demo, data, usage
  { as: 'admin', q: 'What can this MCP server do?', tool: 'get_capabilities', args: () => ({}) },
  { as: 'admin', q: 'How much does the Business plan cost per month?', tool: 'get_pricing_and_plans', args: () => ({}) },
  { as: 'admin', q: 'Can I try it for free before paying?', tool: 'start_free_trial', args: () => ({}) },
  { as: 'admin', q: 'Which demo scenarios can I walk through?', tool: 'get_demo_scenarios', args: () => ({}) },
  { as: 'admin', q: 'What data do you store about employees and for how long?', tool: 'get_data_dictionary', args: () => ({}) },
  { as: 'admin', q: 'Which fields are in the data dictionary?', tool: 'get_data_dictionary', args: () => ({}) },
  { as: 'admin', q: 'How do I get started with Claude?', tool: 'get_started_guide', args: () => ({}) },
  { as: 'admin', q: 'Switch me to demo mode', tool: 'switch_to_demo', args: () => ({}) },
  { as: 'admin', q: 'How many people used the AI assistant last week?', tool: 'get_analytics_overview', args: () => ({ period: 'last_week' }) },
  { as: 'admin', q: 'Which tools are used most this month?', tool: 'get_analytics_feature_usage', args: () => ({ period: 'this_month' }) },
  {
    as: 'admin',
    q: 'What have employees been asking the assistant this month?',
    tool: 'get_analytics_questions',
    args: () => ({ period: 'this_month' }),
  },
  // Written after the router was first measured, without looking at its words (first run: see the commit message).
  { as: 'manager', q: 'Can you check if everyone on my team clocked in this morning?', tool: 'get_workload_alerts', args: (d) => ({ date: d.today }) },
  {
    as: 'admin',
    q: 'Show me hours per person for Platform Engineering last month',
    tool: 'summarize_team_hours',
    args: (_d, l) => ({ team_id: l.team('Platform Engineering'), period: 'last_month' }),
  },
  {
    as: 'employee',
    q: 'How long did I work on Friday?',
    tool: 'list_my_timesheet',
    args: (d) => ({ from: d.lastWeekday(5, true), to: d.lastWeekday(5, true) }),
  },
  { as: 'manager', q: 'Does anyone have timesheets I need to approve?', tool: 'list_pending_approvals', args: () => ({}) },
  { as: 'admin', q: "Who's been working late nights recently?", tool: 'get_workload_alerts', args: () => ({}) },
  { as: 'admin', q: 'Give me a list of all staff in Sales', tool: 'list_employees', args: (_d, l) => ({ team_id: l.team('Sales') }) },
  { as: 'employee', q: 'What did I log last week?', tool: 'list_my_timesheet', args: (d) => ({ from: d.lastWeek.from, to: d.lastWeek.to }) },
  { as: 'manager', q: 'Is Lucia working today?', tool: 'get_employee_details', args: (_d, l) => ({ employee_id: l.user('Lucia Santos') }) },
  { as: 'manager', q: "What was the team's total time last month?", tool: 'summarize_team_hours', args: () => ({ period: 'last_month' }) },
  {
    as: 'admin',
    q: 'Send an invite to m.keller@northwind-logistics.example',
    tool: 'invite_staff',
    args: () => ({ email: 'm.keller@northwind-logistics.example' }),
  },
  { as: 'admin', q: "What's included in the Professional plan?", tool: 'get_pricing_and_plans', args: () => ({}) },
  { as: 'admin', q: 'Does it work with ChatGPT?', tool: 'get_capabilities', args: () => ({}) },
  { as: 'manager', q: 'Any red flags on my team this week?', tool: 'get_workload_alerts', args: (d) => ({ date: d.today }) },
  {
    as: 'admin',
    q: 'How focused was Daniela last week?',
    tool: 'get_productivity_overview',
    args: (_d, l) => ({ user_id: l.user('Daniela Zimmermann'), period: 'last_week' }),
  },
  {
    as: 'admin',
    q: 'Which timesheets from Dispatch Operations still need approval?',
    tool: 'list_pending_approvals',
    args: (_d, l) => ({ team_id: l.team('Dispatch Operations') }),
  },
  { as: 'employee', q: 'Show my clock-ins for the past two weeks', tool: 'list_my_timesheet', args: (d) => ({ from: d.addDays(d.today, -13), to: d.today }) },
  { as: 'admin', q: 'Who is in the Leadership team?', tool: 'list_employees', args: (_d, l) => ({ team_id: l.team('Leadership') }) },
  { as: 'admin', q: "What's the retention period for screenshots?", tool: 'get_data_dictionary', args: () => ({}) },
  { as: 'admin', q: 'How was attendance yesterday?', tool: 'get_workload_alerts', args: (d) => ({ date: d.yesterday }) },
]

/** With the extended tools on (WORKFORCE_MCP_EXTENDED_TOOLS=on): questions one extended tool answers in one call. */
export const EXTENDED_QUESTIONS: QuestionCase[] = [
  { as: 'admin', q: 'Who worked overtime last week?', tool: 'get_overtime_report', args: () => ({ period: 'last_week' }) },
  {
    as: 'manager',
    q: 'Did anyone on my team go over their contract hours this month?',
    tool: 'get_overtime_report',
    args: () => ({ period: 'this_month' }),
  },
  { as: 'manager', q: "Who's on a break right now?", tool: 'list_presence_now', args: () => ({ presence: 'on_break' }) },
  {
    as: 'admin',
    q: 'Who is working in Dispatch Operations at the moment?',
    tool: 'list_presence_now',
    args: (_d, l) => ({ team_id: l.team('Dispatch Operations') }),
  },
  { as: 'admin', q: 'Which projects are at risk of going over budget?', tool: 'list_project_budgets', args: () => ({ at_risk_only: true }) },
  {
    as: 'admin',
    q: 'How many hours are left on the "Route Optimizer v2" project?',
    tool: 'get_project_hours_left',
    args: () => ({ project_name: 'Route Optimizer v2' }),
  },
  { as: 'employee', q: 'What tasks are assigned to me?', tool: 'list_tasks', args: (_d, l) => ({ assignee_user_id: l.user('Jonas Richter') }) },
  { as: 'admin', q: "Who hasn't submitted their timesheet for last week?", tool: 'list_missing_timesheets', args: () => ({ period: 'previous' }) },
  {
    as: 'admin',
    q: "How has Jonas Richter's productivity trended over the last 6 weeks?",
    tool: 'get_productivity_trend',
    args: (_d, l) => ({ user_id: l.user('Jonas Richter'), weeks: 6 }),
  },
  { as: 'manager', q: "Approve Theo's timesheet", tool: 'approve_timesheet', args: () => ({}) },
  { as: 'manager', q: "Reject Wei's timesheet, the hours don't add up", tool: 'reject_timesheet', args: () => ({}) },
]
