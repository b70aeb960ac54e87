import { t } from 'elysia'
import { inTransaction } from '../../kernel/db'
import { DomainError, notFound } from '../../kernel/errors'
import { defineOperation } from '../../kernel/operation'
import { Id } from '../../kernel/schemas'
import { recordChange } from '../audit/audit-queries'
import { unassignProjectsFromCostCenter } from '../projects/cost-center-queries'
import { teamsWithCostCenter } from '../teams/cost-center-queries'
import { peopleWithCostCenter } from '../users/cost-center-queries'
import { deleteCostCenterRow, findCostCenterById } from './cost-center-queries'

const listed = (names: string[]) => (names.length > 3 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more` : names.join(', '))

/**
 * Deletes a cost center nobody reports to (issue 15). Like Kimai (a customer or activity still in
 * use cannot be deleted) it refuses while people or teams are assigned to it, naming them and how
 * to move them; nothing is reassigned silently. Projects charged to it are unassigned.
 */
export const deleteCostCenter = defineOperation({
  name: 'delete_cost_center',
  title: 'Delete a cost center',
  description:
    'Deletes a cost center that no person (of any status) and no team is assigned to; otherwise refused (conflict) with who is still assigned: move them to another cost center or clear theirs first (update_user / update_team cost_center_id). Projects charged to it are left without a cost center. Past pay runs keep what they exported. Admin or above.',
  access: { role: 'admin', write: true },
  input: t.Object({
    cost_center_id: t.String({ ...Id, description: 'Cost center id (the CLI takes its code)' }),
    reason: t.Optional(t.String({ maxLength: 500, description: 'Why, kept in the audit log' })),
  }),
  output: t.Object({
    id: Id,
    code: t.String(),
    name: t.String(),
    projects_unassigned: t.Integer({ description: 'Projects that were charged to it and now have no cost center' }),
  }),
  run(ctx, input) {
    return inTransaction(ctx, (c) => {
      const row = findCostCenterById(c, input.cost_center_id)
      if (!row) throw notFound('Cost center')
      const people = peopleWithCostCenter(c, row.id)
      const teams = teamsWithCostCenter(c, row.id)
      if (people.length > 0 || teams.length > 0) {
        const who = [
          ...(people.length ? [`${people.length} person(s) (${listed(people.map((p) => p.name))})`] : []),
          ...(teams.length ? [`${teams.length} team(s) (${listed(teams.map((x) => x.name))})`] : []),
        ].join(' and ')
        throw new DomainError(
          'conflict',
          `The cost center ${row.code} is still assigned to ${who}. Assign them another cost center or clear theirs first (workforce users update --cost-center-id, workforce teams update --cost-center-id), then delete it.`,
          {
            field: 'cost_center_id',
            people: people.map((p) => ({ id: p.id, name: p.name, email: p.email, status: p.status })),
            teams: teams.map((x) => ({ id: x.id, name: x.name })),
          },
        )
      }
      const projects = unassignProjectsFromCostCenter(c, row.id)
      deleteCostCenterRow(c, row.id)
      recordChange(c, {
        action: 'cost_center.deleted',
        entity: 'cost_center',
        entityId: row.id,
        before: { code: row.code, name: row.name },
        after: null,
        reason: input.reason ?? null,
      })
      return { id: row.id, code: row.code, name: row.name, projects_unassigned: projects }
    })
  },
})
