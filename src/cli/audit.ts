import { listAuditLog } from '../modules/audit/list-audit-log'
import { commandGroup, operationCommand } from './operation-command'

export const auditCommand = commandGroup('audit', 'Read the audit log: configuration changes and time corrections, with before and after.', [
  operationCommand({
    name: 'list',
    op: listAuditLog,
    print: (out) =>
      out.data.length === 0
        ? 'No audit entries.'
        : out.data
            .map(
              (e) =>
                `${e.at}  ${e.action} ${e.entity_id} by ${e.actor.kind}${e.actor.user_id ? ` ${e.actor.user_id}` : ''} (${e.surface})${e.reason ? ` — ${e.reason}` : ''}`,
            )
            .join('\n'),
  }),
])
