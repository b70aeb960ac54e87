import { t } from 'elysia'
import { Id, Nullable, RoleEnum } from '../../kernel/schemas'
import type { ListedUser } from './queries'

export const UserStatusEnum = t.Union([t.Literal('invited'), t.Literal('active'), t.Literal('deactivated')], {
  description: 'invited (has not joined yet), active or deactivated',
})

/** One person in a list (list_employees). */
export const EmployeeSummary = t.Object(
  {
    id: Id,
    name: t.String({ description: 'Full name' }),
    email: t.String({ description: 'Work email' }),
    role: RoleEnum,
    status: UserStatusEnum,
    job_title: Nullable(t.String(), { description: 'Job title; null when not set' }),
    team_id: Nullable(Id, { description: 'Primary team; null when none' }),
    team_name: Nullable(t.String(), { description: 'Name of the primary team; null when none' }),
    is_clocked_in: t.Boolean({ description: 'Has an open time log right now' }),
  },
  { description: 'A person as listed by list_employees (MCP) and GET /users (REST)' },
)

export function toEmployeeSummary(row: ListedUser, teams: Map<string, string>, clockedIn: Set<string>) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    status: row.status,
    job_title: row.jobTitle,
    team_id: row.primaryTeamId,
    team_name: row.primaryTeamId ? (teams.get(row.primaryTeamId) ?? null) : null,
    is_clocked_in: clockedIn.has(row.id),
  }
}
