/**
 * Guided scenarios for the demo tenant, returned by get_demo_scenarios. The demo-data generator
 * shapes its synthetic company so that each scenario has something to show.
 */
export interface DemoScenario {
  id: string
  title: string
  description: string
  suggested_queries: string[]
}

export const DEMO_SCENARIOS: DemoScenario[] = [
  {
    id: 'morning-check-in',
    title: 'Morning check-in',
    description: 'A manager starts the day: who is in, who is missing from a scheduled shift, and how the week is going so far.',
    suggested_queries: ['Who is clocked in right now?', 'Give me the dashboard summary for today.', 'Which of my people have not clocked in for their shift today?'],
  },
  {
    id: 'overtime-and-burnout',
    title: 'Overtime and burnout risk',
    description: 'Spot people working long days, at night or over their contracted hours before it becomes a problem.',
    suggested_queries: ['Show me the workload alerts for today.', 'Who worked the most hours this week?', 'Is anyone over their contracted hours this week?'],
  },
  {
    id: 'timesheet-approvals',
    title: 'Closing the week: timesheet approvals',
    description: 'Before payroll, find the timesheets waiting for approval and the gaps in logged time.',
    suggested_queries: ['Which timesheets are pending my approval?', 'Summarise team hours for last week.', 'Who has workdays without any time logged last week?'],
  },
  {
    id: 'productivity-review',
    title: 'Productivity review without surveillance',
    description: 'Category-based productivity from application time only: no keystrokes, screenshots or URLs.',
    suggested_queries: ['How productive was the team this week?', 'What is my productivity score this week?', 'Show recent activity for the last 24 hours.'],
  },
  {
    id: 'people-and-onboarding',
    title: 'People and onboarding',
    description: 'Browse the organisation by team and see how inviting a new hire works (writes are disabled in demo mode).',
    suggested_queries: ['List the employees of the Support team.', 'Show me the profile of one of the engineers.', 'How do I invite a new staff member?'],
  },
]
