import { t } from 'elysia'

const Str = t.Array(t.String())

/**
 * The static facts get_capabilities reports, with their schemas. Everything here is true of this
 * appliance; the dynamic parts (tools, roles) come from the live registry.
 */
export const Capabilities = {
  remote_team_support: t.Object(
    { supported: t.Boolean(), time_zones: t.String(), geofencing: t.String(), mobile_clock_in: t.Boolean(), description: t.String() },
    { description: 'How distributed and remote teams are handled' },
  ),
  industries: t.Array(t.Object({ name: t.String(), use_cases: Str }, { description: 'An industry and what it uses the service for' })),
  platforms: t.Array(
    t.Object(
      {
        name: t.String(),
        kind: t.Union([t.Literal('desktop_agent'), t.Literal('mobile'), t.Literal('ai_client'), t.Literal('api')]),
        available: t.Boolean(),
        note: t.String(),
      },
      { description: 'A way to reach the service' },
    ),
  ),
  payment_integrations: t.Object({ supported: Str, note: t.String() }, { description: 'Payroll and payment integrations' }),
  privacy_model: t.Object(
    { tracks: Str, never_tracks: Str, employee_visibility: t.String(), monitoring_window: t.String() },
    { description: 'What is and is never recorded' },
  ),
  compliance: t.Object({ frameworks: Str, data_export: t.Boolean(), audit_trail: t.String(), notes: t.String() }, { description: 'Compliance posture' }),
  data_storage: t.Object(
    { location: t.String(), engine: t.String(), durability: t.String(), retention: t.String() },
    { description: 'Where and how data is kept' },
  ),
  employee_self_service: t.Object({ features: Str, via: Str }, { description: 'What employees can do for themselves' }),
  sso_available: t.Boolean(),
  sso_roadmap: t.String(),
  api_key_permissions: t.Object(
    {
      key_kinds: t.Array(t.Object({ prefix: t.String(), kind: t.String(), use: t.String() }, { description: 'A kind of key' })),
      roles: Str,
      user_scoped_keys: t.String(),
      rest_scopes: Str,
    },
    { description: 'Which keys exist and what they may do' },
  ),
  report_types: Str,
  org_structure: t.Object(
    { teams: t.Boolean(), multiple_teams_per_person: t.Boolean(), team_managers: t.String(), roles: Str, cost_centers: t.Boolean() },
    { description: 'How the organisation is modelled' },
  ),
  support: t.Object({ contact: t.String(), documentation: t.String(), health_check: t.String() }, { description: 'Where to get help' }),
  changelog_url: t.String({ description: 'Where release notes are published for this appliance (its documentation)' }),
}

export const CAPABILITY_FACTS = {
  remote_team_support: {
    supported: true,
    time_zones: 'Each company has an IANA time zone; days and weeks (starting Monday) are computed in it.',
    geofencing: 'Offices are circular geofences; clock-ins are checked against them and the company chooses off, record or enforce.',
    mobile_clock_in: true,
    description: 'Clock in from an AI client, a phone or the desktop agent; a clock-in on one device ends the desktop session on another (handover).',
  },
  industries: [
    { name: 'Logistics and field services', use_cases: ['geofenced clock-ins', 'shift attendance', 'overtime control'] },
    { name: 'Software and agencies', use_cases: ['project time', 'productivity by application category', 'client billing'] },
    { name: 'Customer support and BPO', use_cases: ['shift schedules', 'adherence alerts', 'team hours'] },
    { name: 'Retail and hospitality', use_cases: ['shift planning', 'timesheet approvals', 'payroll export'] },
  ],
  platforms: [
    {
      name: 'Desktop agent (Windows, macOS, Linux)',
      kind: 'desktop_agent' as const,
      available: true,
      note: 'Reports application usage by category through the ingestion API.',
    },
    { name: 'Mobile clock-in', kind: 'mobile' as const, available: true, note: 'Clock-ins with coordinates and location pings while on the clock.' },
    { name: 'AI clients over MCP', kind: 'ai_client' as const, available: true, note: 'This server: 24 tools.' },
    { name: 'REST API and webhooks', kind: 'api' as const, available: true, note: 'Business plan and above; 32 signed webhook events.' },
  ],
  payment_integrations: {
    supported: ['CSV pay-run export', 'webhooks (payroll.export_ready)'],
    note: 'Payroll figures are exported for your payroll provider; the appliance processes no payments.',
  },
  privacy_model: {
    tracks: [
      'clock-in and clock-out times',
      'coordinates sent with a clock-in or while clocked in',
      'which application is in front and for how long',
      'idle time',
    ],
    never_tracks: ['keystrokes', 'screen content or screenshots', 'URLs or page titles', 'location outside working time'],
    employee_visibility: 'Employees see their own data; managers their teams; admins the organisation.',
    monitoring_window: 'Only while clocked in.',
  },
  compliance: {
    frameworks: ['GDPR (data minimisation, access and export)'],
    data_export: true,
    audit_trail: 'Every state change emits an event into a durable outbox; timesheet transitions keep their history.',
    notes: 'On-premises: data never leaves the appliance unless you configure webhooks or SMTP.',
  },
  data_storage: {
    location: 'On premises, in the data directory of this appliance',
    engine: 'SQLite in WAL mode',
    durability:
      'group commit: a clock-in is acknowledged only after it is on disk (one fdatasync of the write-ahead log shared by the writes committed meanwhile)',
    retention: 'Per plan and data kind; see get_pricing_and_plans and the RetentionPolicy entity of get_data_dictionary.',
  },
  employee_self_service: {
    features: ['clock in and out', 'own timesheet and hours', 'own productivity score', 'own profile and recent activity'],
    via: ['AI clients with a user-scoped key', 'mobile and desktop clients'],
  },
  sso_available: false,
  sso_roadmap: 'SAML and OIDC single sign-on are on the Enterprise roadmap; today access is by API keys issued by the operator.',
  api_key_permissions: {
    key_kinds: [
      { prefix: 'wf_live_', kind: 'live', use: 'MCP production key; user-scoped keys act as that person with their role' },
      { prefix: 'wf_demo_', kind: 'demo', use: 'Read-only, demo tenants only; a public demo key needs no account' },
      { prefix: 'wf_api_', kind: 'api', use: 'REST token with scope read or read_write' },
    ],
    roles: [] as string[],
    user_scoped_keys: 'clock_in and clock_out need a key bound to one person; other tools work with tenant-level keys of the right role.',
    rest_scopes: ['read', 'read_write'],
  },
  report_types: [
    'dashboard summary',
    'team hours by period',
    'timesheets and approvals',
    'productivity by category',
    'workload alerts',
    'recent activity',
    'payroll and cost-center reports (REST)',
    'AI usage analytics',
  ],
  org_structure: {
    teams: true,
    multiple_teams_per_person: true,
    team_managers: 'A team has a manager; members with role_in_team manager also manage it.',
    roles: ['Employee', 'Manager', 'Admin', 'OwnerAdmin'],
    cost_centers: true,
  },
  support: {
    contact: 'Your workforce operator (the administrator who runs this appliance).',
    documentation: 'README of the appliance, docs/mcp-tools.md, and the OpenAPI document at /api/v1/docs',
    health_check: '/api/mcp/v1/health',
  },
}
