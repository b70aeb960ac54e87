import type { Role, TenantBoundCtx } from '../../kernel/ctx'
import { teamNames } from '../teams/queries'
import { openLogUserIds } from '../time-tracking/queries'
import { toEmployeeSummary } from './model'
import { listUsersPage } from './queries'
import type { UserStatus, WorkProfile } from './schema'
import { scopeUserIds, usersOfTeam, type Visibility } from './visibility'

interface DirectoryFilter {
  teamId?: string | undefined
  search?: string | undefined
  role?: Role | undefined
  /** One status; without it, deactivated people are left out unless includeDeactivated. */
  status?: UserStatus | undefined
  workProfile?: WorkProfile | undefined
  includeDeactivated?: boolean
}

/**
 * One page of the people a caller may see, by name, each with team name and whether they are
 * clocked in: the domain behind the MCP tool list_employees and REST GET /users. A team filter
 * must name a team of the tenant (not_found) that a manager manages (forbidden).
 */
export function employeeDirectoryPage(ctx: TenantBoundCtx, v: Visibility, f: DirectoryFilter, page: { limit: number; offset: number }) {
  const requested = f.teamId ? usersOfTeam(ctx, v, f.teamId) : null
  const userIds = scopeUserIds(v, requested)
  const { rows, total } = listUsersPage(
    ctx,
    {
      userIds,
      search: f.search ?? null,
      role: f.role ?? null,
      status: f.status ?? null,
      workProfile: f.workProfile ?? null,
      includeDeactivated: f.includeDeactivated ?? false,
    },
    page.limit,
    page.offset,
  )
  const teams = teamNames(
    ctx,
    rows.flatMap((r) => (r.primaryTeamId ? [r.primaryTeamId] : [])),
  )
  const clockedIn = openLogUserIds(
    ctx,
    rows.map((r) => r.id),
  )
  return { employees: rows.map((r) => toEmployeeSummary(r, teams, clockedIn)), total }
}
