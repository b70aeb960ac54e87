import type { WorkProfile } from '../../src/modules/users/schema'

/** How a team's people are scheduled. */
export type Pattern = 'office' | 'support' | 'dispatch'

export interface TeamKind {
  name: string
  description: string
  profile: WorkProfile
  /** Relative head count. */
  weight: number
  costCenter: string
  pattern: Pattern
}

/** Teams in the order they appear as the company grows; the first three carry the demo scenarios. */
export const TEAM_KINDS: TeamKind[] = [
  {
    name: 'Platform Engineering',
    description: 'Builds the route planning and shipment tracking platform.',
    profile: 'engineering',
    weight: 1,
    costCenter: 'ENG',
    pattern: 'office',
  },
  {
    name: 'Customer Support',
    description: 'Answers shippers and consignees by chat, phone and email.',
    profile: 'support',
    weight: 1.2,
    costCenter: 'SUP',
    pattern: 'support',
  },
  {
    name: 'Dispatch Operations',
    description: 'Plans and dispatches trucks around the clock from the hub.',
    profile: 'operations',
    weight: 1.1,
    costCenter: 'OPS',
    pattern: 'dispatch',
  },
  { name: 'Sales', description: 'Wins and grows shipper accounts.', profile: 'sales', weight: 0.7, costCenter: 'SAL', pattern: 'office' },
  {
    name: 'Product Design',
    description: 'Designs the customer portal and the driver app.',
    profile: 'design',
    weight: 0.5,
    costCenter: 'DES',
    pattern: 'office',
  },
  {
    name: 'Mobile Engineering',
    description: 'Builds the driver and warehouse apps.',
    profile: 'engineering',
    weight: 0.8,
    costCenter: 'ENG',
    pattern: 'office',
  },
  { name: 'Customer Success', description: 'Onboards and retains key accounts.', profile: 'support', weight: 0.6, costCenter: 'SUP', pattern: 'office' },
  {
    name: 'Data & Analytics',
    description: 'Forecasting, reporting and pricing models.',
    profile: 'engineering',
    weight: 0.5,
    costCenter: 'ENG',
    pattern: 'office',
  },
  {
    name: 'Warehouse Coordination',
    description: 'Coordinates inbound and outbound flows at the hub.',
    profile: 'operations',
    weight: 0.9,
    costCenter: 'OPS',
    pattern: 'dispatch',
  },
]

export const LEADERSHIP_TEAM = { name: 'Leadership', description: 'Executive team, people operations and finance.', costCenter: 'GNA' }

/** Suffixes that tell repeated teams apart in large companies. */
export const POD_NAMES = ['North', 'South', 'East', 'West', 'Central', 'Benelux', 'Nordics', 'Iberia', 'Alps', 'Baltics'] as const

export const COST_CENTERS: [string, string][] = [
  ['ENG', 'Engineering'],
  ['SUP', 'Customer Support & Success'],
  ['OPS', 'Operations'],
  ['SAL', 'Sales'],
  ['DES', 'Design'],
  ['GNA', 'General & Administrative'],
]

export interface TemplateSpec {
  key: string
  name: string
  start: string
  end: string
  breakMinutes: number
  days: number[]
  color: string
}

export const TEMPLATES: TemplateSpec[] = [
  { key: 'day', name: 'Office day', start: '09:00', end: '17:30', breakMinutes: 30, days: [1, 2, 3, 4, 5], color: '#2563eb' },
  { key: 'early', name: 'Early office', start: '07:30', end: '16:00', breakMinutes: 30, days: [1, 2, 3, 4, 5], color: '#0891b2' },
  { key: 'late', name: 'Late office', start: '10:00', end: '18:30', breakMinutes: 30, days: [1, 2, 3, 4, 5], color: '#7c3aed' },
  { key: 'support', name: 'Support Tue-Sat', start: '08:30', end: '17:00', breakMinutes: 30, days: [2, 3, 4, 5, 6], color: '#db2777' },
  { key: 'dispatch_early', name: 'Dispatch early', start: '06:00', end: '14:30', breakMinutes: 30, days: [1, 2, 3, 4, 5, 6, 7], color: '#16a34a' },
  { key: 'dispatch_late', name: 'Dispatch late', start: '14:00', end: '22:30', breakMinutes: 30, days: [1, 2, 3, 4, 5, 6, 7], color: '#ca8a04' },
  { key: 'dispatch_night', name: 'Dispatch night', start: '22:00', end: '06:30', breakMinutes: 30, days: [1, 2, 3, 4, 5, 6, 7], color: '#334155' },
  { key: 'part_morning', name: 'Part-time mornings', start: '08:00', end: '12:00', breakMinutes: 0, days: [1, 2, 3, 4, 5], color: '#64748b' },
  { key: 'part_4day', name: 'Part-time four days', start: '09:00', end: '15:30', breakMinutes: 30, days: [1, 2, 3, 4], color: '#94a3b8' },
]

export const T = Object.fromEntries(TEMPLATES.map((t, i) => [t.key, i])) as Record<string, number>

/** Dispatch rotates weekly Early -> Night -> Late so that no shift starts before the last one ended. */
export const DISPATCH_ROTATION = [T.dispatch_early!, T.dispatch_night!, T.dispatch_late!]

export interface ProjectSpec {
  name: string
  code: string
  client: string | null
  /** Share of the budget used by the end of the history; null: no budget. */
  used: number | null
  status: 'active' | 'on_hold' | 'completed' | 'archived'
  billRate: number | null
}

/** Alert threshold of every project budget, in percent of the budget used. */
export const BUDGET_ALERT_PERCENT = 80

/** The bill rate of a project in cents of the tenant currency; null when it has none. */
export const billRateCents = (spec: ProjectSpec, rateScale: number): number | null =>
  spec.billRate === null ? null : Math.round(spec.billRate * rateScale * 100)

/** Projects per team kind (by index in TEAM_KINDS). */
export const PROJECTS: Record<number, ProjectSpec[]> = {
  0: [
    { name: 'Route Optimizer v2', code: 'ROV2', client: 'Baltic Freight Lines', used: 0.92, status: 'active', billRate: 120 },
    { name: 'Customs API Integration', code: 'CAPI', client: 'Hanseatic Trade AG', used: 1.06, status: 'active', billRate: 110 },
    { name: 'Legacy TMS Migration', code: 'LTMS', client: null, used: 0.97, status: 'completed', billRate: null },
    { name: 'Platform Reliability', code: 'PREL', client: null, used: null, status: 'active', billRate: null },
  ],
  2: [{ name: 'Peak Season Operations', code: 'PEAK', client: 'Hanseatic Freight', used: 0.84, status: 'active', billRate: 65 }],
  4: [{ name: 'Customer Portal Redesign', code: 'CPRD', client: null, used: 0.55, status: 'active', billRate: 95 }],
  5: [{ name: 'Driver App 3.0', code: 'DRV3', client: null, used: 0.62, status: 'active', billRate: 100 }],
  6: [{ name: 'Onboarding Nordic Retail Group', code: 'ONRG', client: 'Nordic Retail Group', used: 0.71, status: 'active', billRate: 85 }],
  7: [
    { name: 'Demand Forecasting', code: 'FCST', client: 'Nordic Retail Group', used: 0.45, status: 'active', billRate: 115 },
    { name: 'Carbon Reporting Pilot', code: 'CO2P', client: 'Alpine Foods', used: 0.38, status: 'on_hold', billRate: 105 },
  ],
  8: [{ name: 'Warehouse Scanner Rollout', code: 'WSCN', client: null, used: 0.78, status: 'active', billRate: 70 }],
}

export const ARCHIVED_PROJECT: ProjectSpec = {
  name: 'Warehouse Robotics Study',
  code: 'WROB',
  client: 'Alpine Foods',
  used: null,
  status: 'archived',
  billRate: 90,
}
