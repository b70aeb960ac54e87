import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { Id, Int, Nullable } from '../../kernel/schemas'
import { employeeDirectoryPage } from './directory'
import { EmployeeSummary } from './model'
import { visibility } from './visibility'

export const ListEmployeesInput = t.Object({
  page: Int({ minimum: 1, default: 1, description: 'Page number, from 1' }),
  page_size: Int({ minimum: 1, maximum: 100, default: 20, description: 'Employees per page, at most 100' }),
  search: t.Optional(t.String({ minLength: 1, maxLength: 200, description: 'Case-insensitive part of a name or email' })),
  team_id: t.Optional(t.String({ format: 'uuid', description: 'Only members of this team (UUID)' })),
})

export const listEmployees = defineOperation({
  name: 'list_employees',
  title: 'List employees',
  description:
    'Lists the people the caller may see, by name, with role, team and whether they are clocked in right now. Filter by search (part of a name or email) and team_id; page through with page and page_size (at most 100). Admins see everyone, managers the members of their teams, employees themselves. Use it to find an employee id for get_employee_details or get_productivity_overview.',
  access: { role: 'member' },
  input: ListEmployeesInput,
  output: t.Object({
    applied_filters: t.Object(
      {
        team_id: Nullable(Id),
        search: Nullable(t.String()),
        page: Int({ minimum: 1 }),
        page_size: Int({ minimum: 1, maximum: 100 }),
      },
      { description: 'The filters and paging actually applied, defaults included' },
    ),
    result: t.Object(
      {
        employees: t.Array(EmployeeSummary),
        total: Int({ minimum: 0, description: 'Employees matching the filters across all pages' }),
        page: Int({ minimum: 1, description: 'Current page' }),
        page_size: Int({ minimum: 1 }),
        total_pages: Int({ minimum: 0 }),
        has_more: t.Boolean(),
        next_page: Nullable(Int({ minimum: 2 }), { description: 'Pass as page to get the next page; null on the last' }),
      },
      { description: 'One page of employees' },
    ),
    scope: t.Union([t.Literal('organization'), t.Literal('team'), t.Literal('self')], { description: 'Whose records the caller can see' }),
  }),
  run(ctx, input) {
    const v = visibility(ctx)
    const offset = (input.page - 1) * input.page_size
    const { employees, total } = employeeDirectoryPage(ctx, v, { teamId: input.team_id, search: input.search }, { limit: input.page_size, offset })
    const hasMore = offset + employees.length < total
    return {
      applied_filters: { team_id: input.team_id ?? null, search: input.search ?? null, page: input.page, page_size: input.page_size },
      result: {
        employees,
        total,
        page: input.page,
        page_size: input.page_size,
        total_pages: Math.ceil(total / input.page_size),
        has_more: hasMore,
        next_page: hasMore ? input.page + 1 : null,
      },
      scope: v.scope,
    }
  },
})
