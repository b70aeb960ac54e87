import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import { notFound } from '../../kernel/errors'
import { Id, Int } from '../../kernel/schemas'
import { recordChange } from '../audit/audit-queries'
import { clearHomeOffice } from '../users/queries'
import { deleteOffice, findOfficeById } from './office-queries'
import { auditedOffice } from './office-model'

/**
 * Removes an office (the operator's `workforce offices remove`). Its people lose their home office
 * first (the users.home_office_id reference); stored location pings and time logs keep their
 * coordinates and lose the office link (ON DELETE SET NULL).
 */
export const removeOffice = defineOperation({
  name: 'remove_office',
  title: 'Remove an office',
  description:
    'Removes an office and its geofence. People whose home office it was have no home office afterwards (their count is answered); past pings and clock-ins keep their coordinates. Recorded in the audit log (office.removed).',
  access: { role: 'admin', write: true },
  input: t.Object({ office_id: { ...Id, description: 'The office (on the CLI: its name)' } }),
  output: t.Object({
    office_id: Id,
    name: t.String(),
    removed: t.Boolean(),
    people_unassigned: Int({ minimum: 0, description: 'People who had it as home office' }),
  }),
  run(ctx, input) {
    return inTransaction(ctx, (c) => {
      const office = findOfficeById(c, input.office_id)
      if (!office) throw notFound('Office')
      const people = clearHomeOffice(c, office.id)
      deleteOffice(c, office.id)
      recordChange(c, {
        action: 'office.removed',
        entity: 'office',
        entityId: office.id,
        before: { ...auditedOffice(office), people_unassigned: people },
        after: null,
      })
      return { office_id: office.id, name: office.name, removed: true, people_unassigned: people }
    })
  },
})
