import type { DataKind, PlanId } from './schema'

/** Reference data: the plans of the spec, written to the plans table at every start (upsert). */
export interface PlanSpec {
  id: PlanId
  name: string
  monthlyPriceCents: number | null
  contactSales: boolean
  mcpAccess: boolean
  restAccess: boolean
  features: string[]
  maxSeats: number | null
  retentionDays: Record<DataKind, number>
}

const retention = (days: number, samples: number): Record<DataKind, number> => ({
  screenshots: days,
  activity_samples: samples,
  activity_blocks: samples,
  location_pings: Math.min(samples, 90),
  agent_sessions: samples,
  tool_calls: 365,
  webhook_deliveries: 30,
  // Feature usage counts events over periods up to last_month (start of the month before): ~62 days.
  webhook_events: 90,
  email_outbox: 90,
  ask_questions: 365,
  ingest_batches: 30,
  mcp_sessions: 30,
  job_runs: 90,
})

export const PLAN_CATALOG: PlanSpec[] = [
  {
    id: 'community',
    name: 'Community',
    monthlyPriceCents: 0,
    contactSales: false,
    mcpAccess: false,
    restAccess: false,
    features: ['time_tracking', 'timesheets', 'basic_reports'],
    maxSeats: 5,
    retentionDays: retention(7, 30),
  },
  {
    id: 'starter',
    name: 'Starter',
    monthlyPriceCents: 1400,
    contactSales: false,
    mcpAccess: true,
    restAccess: false,
    features: ['time_tracking', 'timesheets', 'basic_reports', 'mcp_access', 'geofencing'],
    maxSeats: null,
    retentionDays: retention(30, 90),
  },
  {
    id: 'professional',
    name: 'Professional',
    monthlyPriceCents: 2700,
    contactSales: false,
    mcpAccess: true,
    restAccess: false,
    features: [
      'time_tracking',
      'timesheets',
      'advanced_reports',
      'mcp_access',
      'geofencing',
      'productivity_monitoring',
      'shift_scheduling',
      'projects_and_tasks',
    ],
    maxSeats: null,
    retentionDays: retention(90, 180),
  },
  {
    id: 'business',
    name: 'Business',
    monthlyPriceCents: 5100,
    contactSales: false,
    mcpAccess: true,
    restAccess: true,
    features: [
      'time_tracking',
      'timesheets',
      'advanced_reports',
      'mcp_access',
      'geofencing',
      'productivity_monitoring',
      'shift_scheduling',
      'projects_and_tasks',
      'payroll',
      'rest_api',
      'webhooks',
    ],
    maxSeats: null,
    retentionDays: retention(180, 365),
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    monthlyPriceCents: null,
    contactSales: true,
    mcpAccess: true,
    restAccess: true,
    features: [
      'time_tracking',
      'timesheets',
      'advanced_reports',
      'mcp_access',
      'geofencing',
      'productivity_monitoring',
      'shift_scheduling',
      'projects_and_tasks',
      'payroll',
      'rest_api',
      'webhooks',
      'sso_roadmap',
      'custom_retention',
      'dedicated_support',
    ],
    maxSeats: null,
    retentionDays: retention(365, 730),
  },
]
