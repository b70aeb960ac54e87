import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { Id, Literals, PageQuery, Paginated, RoleEnum, pageInfo, pageWindow } from '../../kernel/schemas'
import { employeeDirectoryPage } from './directory'
import { EmployeeSummary, UserStatusEnum } from './model'
import { managerVisibility } from './visibility'
import { WORK_PROFILES } from './schema'

export const listUsers = defineOperation({
  name: 'list_users',
  title: 'List users',
  description:
    'People of the tenant by name, with role, status, primary team and whether they are clocked in now. Filters: team_id (members of that team), role, work_profile, status (every status when omitted, deactivated included), search (part of a name or email). Admins see everyone; a manager token bound to a manager sees the members of the teams they manage.',
  access: { role: 'manager' },
  input: t.Object({
    team_id: t.Optional(t.String({ ...Id, description: 'Only members of this team' })),
    role: t.Optional(RoleEnum),
    status: t.Optional(UserStatusEnum),
    work_profile: t.Optional(Literals(WORK_PROFILES, { description: 'Only people of this work profile' })),
    search: t.Optional(t.String({ minLength: 1, maxLength: 200, description: 'Case-insensitive part of a name or email' })),
    ...PageQuery,
  }),
  output: Paginated(EmployeeSummary),
  run(ctx, input) {
    const w = pageWindow(input)
    const { employees, total } = employeeDirectoryPage(
      ctx,
      managerVisibility(ctx),
      { teamId: input.team_id, search: input.search, role: input.role, status: input.status, workProfile: input.work_profile, includeDeactivated: true },
      w,
    )
    return { data: employees, pagination: pageInfo(w.page, w.pageSize, total) }
  },
})
