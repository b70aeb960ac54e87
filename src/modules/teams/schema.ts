import { index, primaryKey, sqliteTable, text, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core'
import { describeEntity } from '../../kernel/dictionary'
import { instant, tenantRef, uuidPk } from '../../db/columns'
import { users, type WorkProfile } from '../users/schema'
import { costCenters } from '../payroll/schema'

export const teams = sqliteTable(
  'teams',
  {
    id: uuidPk(),
    tenantId: tenantRef(),
    name: text('name').notNull(),
    description: text('description'),
    managerUserId: text('manager_user_id').references((): AnySQLiteColumn => users.id, { onDelete: 'set null' }),
    costCenterId: text('cost_center_id').references((): AnySQLiteColumn => costCenters.id, { onDelete: 'set null' }),
    workProfile: text('work_profile').$type<WorkProfile>(),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [
    index('teams_tenant_name_idx').on(t.tenantId, t.name),
    // The teams a person manages (teams/queries.ts managedTeamIds), on every call of a manager.
    index('teams_tenant_manager_idx').on(t.tenantId, t.managerUserId),
  ],
)

export const teamsDoc = describeEntity(teams, {
  entity: 'Team',
  description: 'A group of people with a manager; team tools and approvals are scoped by it.',
  exposedByTool: ['summarize_team_hours', 'list_employees', 'list_pending_approvals'],
  fields: {
    id: 'UUID of the team.',
    tenantId: 'Owning tenant.',
    name: 'Team name.',
    description: 'What the team does.',
    managerUserId: 'The manager responsible for the team.',
    costCenterId: 'Default cost center of the team.',
    workProfile: 'Work profile a person added to this team gets when none is given; null when the team sets none.',
    createdAt: 'When the team was created.',
  },
})

export const MEMBERSHIP_ROLES = ['member', 'manager'] as const
export type MembershipRole = (typeof MEMBERSHIP_ROLES)[number]

export const teamMemberships = sqliteTable(
  'team_memberships',
  {
    tenantId: tenantRef(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleInTeam: text('role_in_team').$type<MembershipRole>().notNull().default('member'),
    joinedAt: instant('joined_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId] }),
    index('team_memberships_tenant_user_idx').on(t.tenantId, t.userId),
    index('team_memberships_tenant_team_idx').on(t.tenantId, t.teamId),
  ],
)

export const teamMembershipsDoc = describeEntity(teamMemberships, {
  entity: 'TeamMembership',
  description: 'Membership of a user in a team; a user may belong to several teams.',
  exposedByTool: ['list_employees'],
  fields: {
    tenantId: 'Owning tenant.',
    teamId: 'The team.',
    userId: 'The member.',
    roleInTeam: 'member or manager (managers see and approve the team).',
    joinedAt: 'When the user joined the team.',
  },
})
