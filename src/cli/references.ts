import type { TenantBoundCtx } from '../kernel/ctx'
import type { Runtime } from '../runtime'
import { findUserByEmail } from '../modules/users/queries'
import { findTeamByName } from '../modules/teams/queries'
import { findTemplateByName } from '../modules/shifts/queries'
import { findProjectByName } from '../modules/projects/bill-rate-queries'
import { findOfficeByName } from '../modules/locations/office-queries'
import { findCostCenterByCode } from '../modules/payroll/cost-center-queries'
import { latestInvitationTo } from '../modules/users/edit-queries'
import { CliError } from './common'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

type Resolver = (ctx: TenantBoundCtx, value: string) => string | null

/**
 * How an operator names a record on the command line: a person by e-mail, a team by name. The
 * operations take ids (what the console and the APIs send); a value that is already an id is
 * passed through. Keyed by the input field's name (its last `_id`-ending part), never by command.
 */
const RESOLVERS: Record<string, { noun: string; resolve: Resolver }> = {
  user_id: { noun: 'user', resolve: (ctx, v) => findUserByEmail(ctx, v)?.id ?? null },
  team_id: { noun: 'team', resolve: (ctx, v) => findTeamByName(ctx, v)?.id ?? null },
  template_id: { noun: 'shift template', resolve: (ctx, v) => findTemplateByName(ctx, v)?.id ?? null },
  project_id: { noun: 'project', resolve: (ctx, v) => findProjectByName(ctx, v)?.id ?? null },
  office_id: { noun: 'office', resolve: (ctx, v) => findOfficeByName(ctx, v)?.id ?? null },
  cost_center_id: { noun: 'cost center', resolve: (ctx, v) => findCostCenterByCode(ctx, v)?.id ?? null },
  invitation_id: { noun: 'invitation to', resolve: (ctx, v) => latestInvitationTo(ctx, v)?.id ?? null },
}

/** `--user-id ana@example.com` → Ana's id; `--manager-user-id …`, `--team-id Platform` likewise. */
export function resolveReference(_rt: Runtime, ctx: TenantBoundCtx, field: string, value: string): string {
  if (UUID.test(value)) return value
  const key = Object.keys(RESOLVERS).find((k) => field === k || field.endsWith(`_${k}`))
  if (!key) return value
  const { noun, resolve } = RESOLVERS[key]!
  const id = resolve(ctx, value)
  if (!id) throw new CliError(`--${field.replaceAll('_', '-')}: no ${noun} "${value}" in tenant ${ctx.tenant.readableId}.`)
  return id
}
