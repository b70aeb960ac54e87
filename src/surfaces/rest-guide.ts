import { CORK_BYTES } from './answer-body'
import { codeDescriptions, codeToStatus, ERROR_CODES } from '../kernel/errors'
import type { RuntimeConfig } from '../kernel/config'

/** Tags of the REST API, in the order the docs list them. */
export const TAG_DESCRIPTIONS: Record<string, string> = {
  activity:
    'The activity summary of a day (the spec resource), and one person’s application usage, hourly breakdown and idle time. Application names and durations only: no keystrokes, content or URLs.',
  timesheets: 'Timesheet records with their time-log entries and status history.',
  users: 'People, their profiles (teams, role, contract, cost center) and their status right now. Read only: tokens never create or change accounts.',
  teams: 'Teams and team memberships.',
  tasks: 'Read tasks; create them and change status, assignee or due date (read_write). Emits task.created, task.updated, task.completed.',
  projects: 'Projects and their budgets; create projects and sync them with an external project tool (read_write). Emits project.budget_alert.',
  payroll: 'Payroll calculations, cost-center reports, rate cards, payroll periods and pay-run CSV exports (payroll.export_ready).',
  billing: 'Plan, seats, trial and invoices. Read only: tokens cannot change billing or subscriptions.',
  shifts: 'Shift templates, user schedules and upcoming shifts.',
  webhooks:
    'Webhook subscriptions (read_write to change), the catalogue of the 32 events with their payload schemas, test events and delivery history. Deliveries are signed (X-Service-Signature and Standard Webhooks headers).',
  audit: 'The audit trail of configuration changes and time corrections: who, when, through which interface, before and after. Read only; Admin or above.',
  settings:
    'The company settings (time zone, currency, locale, pay period, overtime and break rules, attendance thresholds, retention). Read only; Admin or above: they are changed by an administrator, not by tokens.',
  client:
    'The client API for desktop agents, phones and people (user-scoped wf_live_ keys): devices, agent sessions, activity samples, timesheet submission and approval, account administration, two-factor authentication. Unknown fields are dropped, never stored.',
  meta: 'Health, this OpenAPI document, the docs page and the Postman collection. No token needed.',
}

/** The API description: the contract an integrator needs before the first call. */
export function REST_INTRO(config: Pick<RuntimeConfig, 'rateLimitPerHour' | 'rateLimitPerDay' | 'bodyLimitBytes'>): string {
  const errors = ERROR_CODES.map((c) => `| \`${c}\` | ${codeToStatus[c]} | ${codeDescriptions[c]} |`).join('\n')
  return `JSON API for integrators (payroll systems, BI tools, project tools) over the tenant's workforce data. Business plan and above.

## Authentication
Send \`Authorization: Bearer wf_api_…\` on every request. Tokens are created by an administrator: \`workforce keys create --tenant T --kind api --role admin --scope read|read_write\`.
A token belongs to one tenant and acts with the role it was issued with (Manager or above for users, timesheets, activity, teams, tasks, projects and shifts; Admin or above for payroll and billing).
People's data (users, timesheets, activity) follows the role: an Admin token sees everyone; a Manager token must be bound to a manager (\`--user EMAIL\`) and sees the members of the teams that manager manages (others answer 403 \`forbidden\`); an unbound Manager token is refused with 403 \`forbidden\`.
Scope \`read\` reads; \`read_write\` also creates and updates tasks and projects and triggers pay-run exports. Tokens never change billing, subscriptions or user accounts.
Another tenant's ids answer 404 \`not_found\`, exactly like ids that do not exist. Demo tenants answer writes with 403 \`demo_mode_read_only\`.

## Conventions
Field names are snake_case. Instants are ISO 8601 UTC strings ending in \`Z\`; dates are \`YYYY-MM-DD\` in the tenant's time zone; weeks start on Monday.
Money is in integer cents (\`*_cents\`) with an ISO 4217 \`currency\`; hours are decimal numbers with two decimals.
Writes take a JSON body (\`Content-Type: application/json\`, at most ${config.bodyLimitBytes} bytes, else 413 \`payload_too_large\`).
Unknown fields, in a body or in the query string, are refused with 400 \`invalid_argument\` naming them, so a misspelt filter never silently returns everything.
Creations answer 201, pay-run exports 202 (the file is produced in the background).
An answer of more than ${CORK_BYTES / 1024} KiB is sent with \`Transfer-Encoding: chunked\` instead of a \`Content-Length\` (any HTTP/1.1 client reads both the same way).

## Pagination
Every list takes \`page\` (1 to 1,000,000, decimal digits only) and \`page_size\` (1-100, default 20) and answers \`{ "data": [...], "pagination": { "page", "page_size", "total", "has_more", "next_page" } }\`.
Request \`page=next_page\` until \`next_page\` is null.

## Rate limits
Per token: ${config.rateLimitPerHour} requests per UTC hour and ${config.rateLimitPerDay} per UTC day, in fixed windows that reset independently (the hour at the top of each UTC hour, the day at 00:00 UTC). Counters are kept in the database, so a restart does not reset them.
Every response under /api/v1, errors included, carries \`X-RateLimit-Limit-Hour\`, \`X-RateLimit-Remaining-Hour\`, \`X-RateLimit-Reset-Hour\`, \`X-RateLimit-Limit-Day\`, \`X-RateLimit-Remaining-Day\` and \`X-RateLimit-Reset-Day\` (resets in Unix seconds).
Every request with a valid token counts, whatever its outcome (400, 403, 404 …), an unknown path under /api/v1 included: its 404 carries the token's real window. Over either limit the answer is 429 \`rate_limited\` with \`Retry-After\` (seconds); a refused request does not count.
A request without a token or with an invalid one identifies no token, so it counts against nothing; its headers show the full limits of an untouched window.

## Errors
Every error is \`{ "error": { "code", "message", "details" } }\`; \`message\` is written for a person, \`code\` is stable. Validation errors list every bad field in \`details.errors[]\` as \`{ field, message }\`.
Checks happen in this order: token (401) → rate limit (429) → request validation (400) → plan (403 \`plan_not_entitled\`) → demo mode → role and scope (403 \`forbidden\`) → the operation (404, 409 …).
No error carries a stack trace or SQL.

| code | HTTP | meaning |
|---|---|---|
${errors}
`
}
