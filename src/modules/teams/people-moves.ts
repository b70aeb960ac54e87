import type { TenantScope } from '../../kernel/ctx'
import { findUserInTenant, setPrimaryTeam } from '../users/queries'

/** People whose primary team is `fromTeamId` get `toTeamId` as their primary team. */
export function movePrimaryTeam(c: TenantScope, fromTeamId: string, toTeamId: string, userIds: string[]): void {
  for (const id of userIds) if (findUserInTenant(c, id)?.primaryTeamId === fromTeamId) setPrimaryTeam(c, id, toTeamId)
}
