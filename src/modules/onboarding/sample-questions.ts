/** What to ask first, per role: each question maps onto the tools that role can call. */
export const SAMPLE_QUESTIONS = {
  employee: [
    'Am I clocked in?',
    'How many hours did I work this week?',
    'Show my timesheet for the last two weeks.',
    'What is my productivity score this week?',
    'Clock me in.',
  ],
  manager: [
    'How is my team doing today?',
    'Who is clocked in right now?',
    'Summarise my team hours for last week.',
    'Which timesheets are waiting for my approval?',
    'Are there any workload alerts today?',
  ],
  admin: [
    'Give me the dashboard summary.',
    'Which teams worked the most hours this month?',
    'Who has worked overtime this week?',
    'Invite jane.doe@example.com as a new employee.',
    'How is the AI assistant being used this week?',
  ],
  owner_admin: [
    'Give me the dashboard summary for the whole company.',
    'What plan are we on and what does it include?',
    'What are people asking the assistant about?',
    'Show workload alerts for today.',
    'Invite a new staff member.',
  ],
  demo: [
    'Who is clocked in right now?',
    'Show me the workload alerts for today.',
    'Summarise team hours for this week.',
    'How productive was the team this week?',
    'Which timesheets are pending approval?',
  ],
} as const

export type GuideRole = keyof typeof SAMPLE_QUESTIONS
