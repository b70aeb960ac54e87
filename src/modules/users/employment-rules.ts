import { t } from 'elysia'
import type { TenantScope } from '../../kernel/ctx'
import { DomainError } from '../../kernel/errors'
import { DateOnly, Id, Literals, Nullable } from '../../kernel/schemas'
import { toIsoOrNull } from '../../kernel/time'
import { listOffices } from '../locations/office-queries'
import { findCostCenterById } from '../payroll/cost-center-queries'
import { teamExistsInTenant } from '../teams/queries'
import { findUserByEmployeeNumber, type UserEdit } from './edit-queries'
import type { UserRow } from './queries'
import { WORK_PROFILES, type WorkProfile } from './schema'

export const WorkProfileEnum = Literals(WORK_PROFILES, {
  description:
    'Kind of work; selects the default productivity categories of applications (engineering counts an IDE as productive, operations counts it neutral)',
})

/** The employment data an admin sets on a person, at add_user and update_user (every field optional). */
export const EmploymentFields = {
  job_title: t.Optional(Nullable(t.String({ maxLength: 100, description: 'Job title' }))),
  employee_number: t.Optional(Nullable(t.String({ minLength: 1, maxLength: 50, description: "The company's own employee number; unique within the tenant" }))),
  weekly_hours: t.Optional(t.Number({ minimum: 0, maximum: 168, description: 'Contract hours per week (overtime is counted above them)' })),
  cost_center_id: t.Optional(Nullable(t.String({ ...Id }), { description: 'Cost center the person is billed to (the CLI takes its code)' })),
  work_profile: t.Optional(WorkProfileEnum),
  start_date: t.Optional(Nullable(t.String({ ...DateOnly }), { description: 'First working day YYYY-MM-DD (tenant time zone)' })),
  home_office_id: t.Optional(Nullable(t.String({ ...Id }), { description: 'Office whose holidays apply to the person (the CLI takes its name)' })),
}

export interface EmploymentInput {
  job_title?: string | null
  employee_number?: string | null
  weekly_hours?: number
  cost_center_id?: string | null
  work_profile?: WorkProfile
  start_date?: string | null
  home_office_id?: string | null
}

const invalid = (field: string, message: string) => new DomainError('invalid_argument', `${field} ${message}`, { errors: [{ field, message }] })

/**
 * The columns the employment input sets, checked against the tenant: the employee number is
 * free (conflict naming who has it), the cost center and office exist. Nothing is written here.
 */
export function employmentPatch(c: TenantScope, input: EmploymentInput, userId: string | null): UserEdit {
  const patch: UserEdit = {}
  if (input.job_title !== undefined) patch.jobTitle = input.job_title?.trim() || null
  if (input.employee_number !== undefined) {
    const number = input.employee_number?.trim() || null
    if (number !== null) {
      const holder = findUserByEmployeeNumber(c, number, userId)
      if (holder) {
        throw new DomainError('conflict', `employee_number ${number} is already used by ${holder.email}; employee numbers are unique in the company.`, {
          field: 'employee_number',
          user_id: holder.id,
        })
      }
    }
    patch.employeeNumber = number
  }
  if (input.weekly_hours !== undefined) patch.weeklyHours = input.weekly_hours
  if (input.cost_center_id !== undefined) {
    if (input.cost_center_id !== null && !findCostCenterById(c, input.cost_center_id)) throw invalid('cost_center_id', 'names no cost center of this company')
    patch.costCenterId = input.cost_center_id
  }
  if (input.work_profile !== undefined) patch.workProfile = input.work_profile
  if (input.start_date !== undefined) {
    if (input.start_date !== null && Number.isNaN(Date.parse(`${input.start_date}T00:00:00Z`))) throw invalid('start_date', 'is not a calendar date')
    patch.startDate = input.start_date
  }
  if (input.home_office_id !== undefined) {
    if (input.home_office_id !== null && !listOffices(c).some((o) => o.id === input.home_office_id))
      throw invalid('home_office_id', 'names no office of this company')
    patch.homeOfficeId = input.home_office_id
  }
  return patch
}

/** A team of the tenant for a primary_team_id field, or a field-named refusal. */
export function checkTeam(c: TenantScope, field: string, teamId: string): void {
  if (!teamExistsInTenant(c, teamId)) throw invalid(field, 'names no team of this company')
}

/** What the audit trail keeps of a person: the fields an admin edits, never secrets. */
export const auditedUser = (u: UserRow) => ({
  name: u.name,
  email: u.email,
  role: u.role,
  status: u.status,
  job_title: u.jobTitle,
  employee_number: u.employeeNumber,
  weekly_hours: u.weeklyHours,
  cost_center_id: u.costCenterId,
  work_profile: u.workProfile,
  start_date: u.startDate,
  home_office_id: u.homeOfficeId,
  primary_team_id: u.primaryTeamId,
  deactivated_at: toIsoOrNull(u.deactivatedAt),
})
