/**
 * The stories the demo tenant tells (served by the MCP tool get_demo_scenarios). The seed
 * generator makes each one true in every demo tenant: the people and projects named here are
 * fixed personas, and "today" is relative to the moment the tenant was generated.
 */
export interface DemoScenario {
  id: string
  title: string
  description: string
  suggested_queries: string[]
}

export const DEMO_SCENARIOS: DemoScenario[] = [
  {
    id: 'overtime-spike',
    title: 'Overtime spike in Dispatch Operations',
    description:
      "Peak season for Hanseatic Freight: for the last two weeks Marcus Chen's Dispatch Operations team has stayed 2-3 hours past the end of its shifts and picked up extra shifts on days off. Overtime and unusual-hours alerts pile up, productivity dips, and the Peak Season Operations project has passed its budget alert threshold.",
    suggested_queries: [
      'Which team worked the most overtime in the last two weeks?',
      'Summarize Dispatch Operations hours this week compared with last week.',
      'Show me the workload alerts from yesterday.',
      "Who on Marcus Chen's team worked more than 10 hours in a day this week?",
    ],
  },
  {
    id: 'timesheet-backlog',
    title: 'Timesheets waiting for Hannah Becker',
    description:
      'Almost the whole Customer Support team submitted its timesheets for the last two weeks, and their manager Hannah Becker has not approved them yet; some have been waiting for more than a week, after the payroll period already closed. Other teams are approved on time.',
    suggested_queries: [
      'Which timesheets are waiting for approval, and for how long?',
      'How many pending approvals does the Customer Support team have?',
      'Which managers have the biggest approval backlog?',
      "Who has not submitted last week's timesheet yet?",
    ],
  },
  {
    id: 'budget-at-risk',
    title: 'Route Optimizer v2 is about to blow its budget',
    description:
      'Platform Engineering has used about 92% of the hour budget of Route Optimizer v2 (client Baltic Freight Lines), well past its 80% alert threshold, while Customs API Integration is already over budget. Most of the hours come from a handful of engineers.',
    suggested_queries: [
      'Which projects are close to or over their budget?',
      'How many hours are left on the Route Optimizer v2 budget?',
      'Who logged the most hours on Route Optimizer v2 this month?',
      'How many hours did Platform Engineering work this week?',
    ],
  },
  {
    id: 'productivity-drop',
    title: "Jonas Richter's productivity dropped",
    description:
      'Jonas Richter, a senior engineer in Platform Engineering, usually scores in the 70s. Over the last week his daily score fell below 50: more time in YouTube and Reddit and longer idle stretches, while his hours stayed normal. His last timesheet was also rejected for missing project codes. Scores are category-based on application usage; no keystrokes, screenshots or URLs are recorded.',
    suggested_queries: [
      "How has Jonas Richter's productivity changed this week compared with last week?",
      'Who had a productivity drop this week?',
      "What is the Platform Engineering team's productivity score this week?",
      'Which applications count as unproductive for engineers?',
    ],
  },
  {
    id: 'not-clocked-in-today',
    title: 'Who is working right now, and who is missing',
    description:
      "Today is live: dispatchers are clocked in on the shift running right now (some on a break), office staff are arriving or have gone home, and a few people whose shift has started have not clocked in yet. Tomorrow's and next week's shifts are already scheduled.",
    suggested_queries: [
      "Who hasn't clocked in today?",
      'Who is clocked in right now?',
      "Give me today's dashboard summary.",
      'Are there any workload alerts for today?',
    ],
  },
]
