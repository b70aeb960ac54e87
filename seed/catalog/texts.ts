import type { Role } from '../../src/kernel/ctx'
import type { WorkProfile } from '../../src/modules/users/schema'

export const TASK_TITLES: Record<WorkProfile, string[]> = {
  engineering: [
    'Implement route scoring endpoint',
    'Fix flaky integration tests',
    'Add retries to the carrier webhook client',
    'Partition the shipments table',
    'Upgrade the runtime of the worker fleet',
    'Load test the ETA service',
    'Map customs declaration fields',
    'Add tracing to the dispatcher',
    'Reduce p95 latency of the tracking API',
    'Write the on-call runbook',
    'Harden the SSO login flow',
    'Refactor the pricing rules engine',
    'Cache geocoding results',
    'Backfill missing delivery events',
    'Anonymise staging data',
  ],
  design: [
    'Redesign the delivery tracking page',
    'Usability test of driver onboarding',
    'Icon set for the depot map',
    'Accessibility audit of the customer portal',
    'Design tokens for dark mode',
    'Prototype the proof-of-delivery flow',
  ],
  operations: [
    'Plan Saturday peak shifts',
    'Reconcile carrier invoices',
    'Update the depot contact list',
    'Audit cold-chain temperature logs',
    'Re-route the Hamburg-Berlin line during roadworks',
    'Train new dispatchers on Samsara',
    'Review the late delivery report',
  ],
  support: [
    'Work through the escalated ticket backlog',
    'Update the macro for customs delays',
    'Write a help article on shipment tracking',
    'Review CSAT survey comments',
    'Triage bug reports from the driver app',
  ],
  sales: [
    'Prepare the QBR deck for Nordic Retail Group',
    'Follow up on the Baltic Freight renewal',
    'Send the proposal to Alpine Foods',
    'Update the pipeline forecast',
  ],
  management: ['Prepare the board update', 'Review the Q3 hiring plan', 'Renew the office lease in Hamburg'],
}

export const REJECTION_REASONS = [
  'Missing project codes on Wednesday and Thursday.',
  'Saturday overtime was not approved in advance; please add a note.',
  'The Tuesday clock-out looks wrong (14 hours); please correct it.',
  'Lunch breaks are missing on three days.',
  'Hours on Route Optimizer v2 exceed the agreed allocation; please check the bookings.',
]

export interface QuestionSpec {
  question: string
  theme: string
  tools: string[]
}

export const QUESTIONS: QuestionSpec[] = [
  { question: 'Who is working overtime this week?', theme: 'attendance', tools: ['get_workload_alerts', 'summarize_team_hours'] },
  { question: 'Which timesheets still need my approval?', theme: 'timesheets', tools: ['list_pending_approvals'] },
  { question: 'How productive was the support team last week?', theme: 'productivity', tools: ['get_productivity_overview', 'summarize_team_hours'] },
  { question: "Can I export last week's payroll to DATEV?", theme: 'payroll', tools: ['get_capabilities'] },
  { question: 'Who has not clocked in today?', theme: 'attendance', tools: ['get_workload_alerts', 'get_dashboard_summary'] },
  { question: 'How many hours have we spent on Route Optimizer v2?', theme: 'projects', tools: ['summarize_team_hours', 'get_capabilities'] },
  { question: 'Do you record keystrokes or screenshots?', theme: 'privacy', tools: ['get_data_dictionary', 'get_capabilities'] },
  { question: 'How much would the Business plan cost for 60 people?', theme: 'billing', tools: ['get_pricing_and_plans'] },
  { question: 'Who was late more than twice this month?', theme: 'attendance', tools: ['get_workload_alerts', 'list_recent_activity'] },
  { question: 'Is our productivity score better than last month?', theme: 'productivity', tools: ['get_productivity_overview', 'get_dashboard_summary'] },
  { question: 'Can employees see their own activity data?', theme: 'privacy', tools: ['get_capabilities'] },
  { question: 'Which projects are over budget?', theme: 'projects', tools: ['get_capabilities'] },
  { question: 'How do I add a new dispatcher?', theme: 'onboarding', tools: ['invite_staff', 'get_started_guide'] },
  { question: 'Who worked on Saturday?', theme: 'attendance', tools: ['summarize_team_hours', 'list_recent_activity'] },
  { question: 'Is there a Jira integration for project time?', theme: 'integrations', tools: ['get_capabilities'] },
  { question: 'Summarize Dispatch Operations hours for this month.', theme: 'attendance', tools: ['summarize_team_hours'] },
  { question: 'Why was my timesheet rejected?', theme: 'timesheets', tools: ['list_my_timesheet'] },
  { question: 'How many people are clocked in right now?', theme: 'attendance', tools: ['get_dashboard_summary'] },
]

/** MCP tools a person of each role typically calls, with relative weights. */
export const TOOL_MIX: Record<Role, [string, number][]> = {
  employee: [
    ['list_my_timesheet', 4],
    ['get_productivity_overview', 2],
    ['get_employee_details', 1],
    ['get_dashboard_summary', 1],
    ['get_started_guide', 0.3],
    ['ask_workforce', 0.3],
  ],
  manager: [
    ['get_dashboard_summary', 3],
    ['list_pending_approvals', 3],
    ['summarize_team_hours', 3],
    ['get_workload_alerts', 2],
    ['get_productivity_overview', 2],
    ['list_employees', 1],
    ['get_employee_details', 1.5],
    ['list_recent_activity', 1.5],
    ['ask_workforce', 0.5],
    ['list_my_timesheet', 0.5],
  ],
  admin: [
    ['get_dashboard_summary', 3],
    ['list_employees', 2],
    ['summarize_team_hours', 2],
    ['list_pending_approvals', 1.5],
    ['get_workload_alerts', 1.5],
    ['get_analytics_overview', 1],
    ['get_analytics_feature_usage', 0.7],
    ['get_analytics_questions', 0.7],
    ['invite_staff', 0.3],
    ['get_data_dictionary', 0.3],
    ['ask_workforce', 0.5],
    ['get_employee_details', 1],
  ],
  owner_admin: [
    ['get_dashboard_summary', 4],
    ['summarize_team_hours', 2],
    ['get_analytics_overview', 1],
    ['get_productivity_overview', 1],
    ['get_pricing_and_plans', 0.5],
    ['ask_workforce', 0.5],
  ],
}

export const MCP_CLIENTS: [string, number][] = [
  ['claude-ai', 45],
  ['cursor', 18],
  ['chatgpt', 15],
  ['claude-code', 12],
  ['vscode', 10],
]

export const TOOL_ERRORS = ['invalid_argument', 'forbidden', 'not_found', 'rate_limited'] as const
