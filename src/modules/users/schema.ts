import { sql } from 'drizzle-orm'
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core'
import { describeEntity } from '../../kernel/dictionary'
import type { Role } from '../../kernel/ctx'
import { instant, localDay, tenantRef, uuidPk } from '../../db/columns'
import { offices } from '../locations/schema'
import { teams } from '../teams/schema'
import { costCenters } from '../payroll/schema'

export const USER_STATUSES = ['invited', 'active', 'deactivated'] as const
export type UserStatus = (typeof USER_STATUSES)[number]
export const WORK_PROFILES = ['engineering', 'support', 'sales', 'design', 'operations', 'management'] as const
export type WorkProfile = (typeof WORK_PROFILES)[number]

export const users = sqliteTable(
  'users',
  {
    id: uuidPk(),
    tenantId: tenantRef(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    role: text('role').$type<Role>().notNull(),
    status: text('status').$type<UserStatus>().notNull(),
    primaryTeamId: text('primary_team_id').references((): AnySQLiteColumn => teams.id, { onDelete: 'set null' }),
    jobTitle: text('job_title'),
    workProfile: text('work_profile').$type<WorkProfile>().notNull().default('operations'),
    weeklyHours: real('weekly_hours').notNull().default(40),
    costCenterId: text('cost_center_id').references((): AnySQLiteColumn => costCenters.id, { onDelete: 'set null' }),
    employeeNumber: text('employee_number'),
    startDate: localDay('start_date'),
    homeOfficeId: text('home_office_id').references((): AnySQLiteColumn => offices.id, { onDelete: 'set null' }),
    createdAt: instant('created_at').notNull(),
    activatedAt: instant('activated_at'),
    deactivatedAt: instant('deactivated_at'),
    twoFactorSecret: text('two_factor_secret'),
    twoFactorEnabledAt: instant('two_factor_enabled_at'),
  },
  (t) => [
    uniqueIndex('users_tenant_email_uq').on(t.tenantId, t.email),
    index('users_tenant_team_idx').on(t.tenantId, t.primaryTeamId),
    // (name, id): the directory's order, read from the index without a sort (issue 18); status and
    // weekly hours after them cover the hours reads' member list (10,000 people: 21 -> 4 ms).
    index('users_tenant_name_idx').on(t.tenantId, t.name, t.id, t.status, t.weeklyHours),
    // Page totals by status count from this index alone (without it SQLite scans the table).
    index('users_tenant_status_idx').on(t.tenantId, t.status),
    uniqueIndex('users_tenant_employee_number_uq').on(t.tenantId, t.employeeNumber).where(sql`employee_number is not null`),
  ],
)

export const usersDoc = describeEntity(users, {
  entity: 'User',
  description: 'A person in the tenant: employee profile, role and status.',
  exposedByTool: ['list_employees', 'get_employee_details', 'switch_to_production'],
  fields: {
    id: 'UUID of the user.',
    tenantId: 'Owning tenant.',
    name: 'Full name.',
    email: 'Work email, unique within the tenant.',
    role: 'employee, manager, admin or owner_admin.',
    status: 'invited (not yet joined), active or deactivated.',
    primaryTeamId: 'Team the user mainly belongs to; managers default to it in team tools.',
    jobTitle: 'Job title for display.',
    workProfile: 'Kind of work (engineering, support, sales, design, operations, management); selects default category rules.',
    weeklyHours: 'Contracted hours per week (part-timers have fewer).',
    costCenterId: 'Cost center the user is billed to in payroll reports.',
    employeeNumber: "The company's own employee number (payroll and HR systems), unique within the tenant when set.",
    startDate: 'First working day of the employment (tenant-local date); no attendance is expected before it.',
    homeOfficeId: 'Office the person belongs to: its holidays apply to them.',
    createdAt: 'When the user record was created.',
    activatedAt: 'When the user became active (accepted the invitation).',
    deactivatedAt: 'When the user was deactivated; null while active.',
    twoFactorSecret: 'Base32 TOTP secret (RFC 6238) while enrolling or enrolled, encrypted (v1:…); null without two-factor authentication.',
    twoFactorEnabledAt: 'When two-factor authentication was confirmed; null while off or pending.',
  },
})

export const INVITATION_STATUSES = ['pending', 'accepted', 'revoked', 'expired'] as const
export type InvitationStatus = (typeof INVITATION_STATUSES)[number]

export const invitations = sqliteTable(
  'invitations',
  {
    id: uuidPk(),
    tenantId: tenantRef(),
    email: text('email').notNull(),
    name: text('name'),
    displayRole: text('display_role').notNull().default('Employee'),
    status: text('status').$type<InvitationStatus>().notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    invitedByUserId: text('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    acceptedAt: instant('accepted_at'),
  },
  (t) => [index('invitations_tenant_status_idx').on(t.tenantId, t.status), uniqueIndex('invitations_token_uq').on(t.tokenHash)],
)

export const invitationsDoc = describeEntity(invitations, {
  entity: 'Invitation',
  description: 'An invitation to join the tenant. The invitee always joins as Employee; the role shown on the invite is display-only.',
  exposedByTool: ['invite_staff'],
  fields: {
    id: 'UUID of the invitation.',
    tenantId: 'Owning tenant.',
    email: 'Address the invitation was sent to.',
    name: 'Optional name of the invitee.',
    displayRole: 'Role shown on the invitation; the account is always created as Employee.',
    status: 'pending, accepted, revoked or expired.',
    userId: 'The invited user record (status invited until accepted).',
    invitedByUserId: 'Who sent the invitation.',
    tokenHash: 'SHA-256 of the acceptance token; the token itself is only in the email.',
    createdAt: 'When the invitation was created.',
    expiresAt: 'When the acceptance link stops working.',
    acceptedAt: 'When the invitee accepted; null while pending.',
  },
})

/**
 * People per tenant and status (active, invited, deactivated), kept exact by SQLite triggers on
 * users (users/status-counts.ts): the dashboard's organisation headcount and the people list's
 * total without counting the tenant's users on every call.
 */
export const tenantUserCounts = sqliteTable(
  'tenant_user_counts',
  {
    tenantId: tenantRef(),
    status: text('status').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.status] })],
)

export const tenantUserCountsDoc = describeEntity(tenantUserCounts, {
  entity: 'TenantUserCount',
  description: "How many people a tenant has in one status, maintained by triggers on users: the dashboard's active headcount and the people list's total.",
  fields: {
    tenantId: 'Owning tenant.',
    status: 'User status (active, invited, deactivated).',
    n: 'People of the tenant in that status.',
  },
})
