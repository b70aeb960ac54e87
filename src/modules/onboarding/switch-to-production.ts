import { t } from 'elysia'
import { ROLE_LABELS } from '../../kernel/ctx'
import { isDemoMode, effectiveRole } from '../../kernel/access'
import { DomainError } from '../../kernel/errors'
import { defineOperation } from '../../kernel/operation'
import { Id, Nullable, RoleEnum } from '../../kernel/schemas'

export const switchToProduction = defineOperation({
  name: 'switch_to_production',
  title: 'Switch to production mode',
  description:
    'Switches this MCP session back to production mode: the data tools work on the real data of the company the key belongs to. Confirms that company and the person the key acts as. Needs a production key (a demo key only ever serves demo data).',
  access: { role: 'member' },
  mcp: { actsOnSession: true },
  input: t.Object({}),
  output: t.Object({
    mode: t.Literal('production'),
    tenant_readable_id: t.String({ description: 'Readable id of the company, e.g. WF-123456' }),
    tenant_name: t.String(),
    message: t.String(),
    user_id: Nullable(Id, { description: 'Person the key acts as; null for a tenant-level key' }),
    role: RoleEnum,
  }),
  run(ctx) {
    const actor = ctx.actor
    if (isDemoMode(ctx)) {
      throw new DomainError(
        'forbidden',
        'This is a demo key: it only serves the demo company. Production mode needs a production key (wf_live_…) of your own company.',
      )
    }
    if (ctx.session) ctx.session.mode = 'production'
    const role = effectiveRole(actor)
    return {
      mode: 'production' as const,
      tenant_readable_id: ctx.tenant.readableId,
      tenant_name: ctx.tenant.name,
      message: `Production mode: tools work on the real data of ${ctx.tenant.name} (${ctx.tenant.readableId}) as ${ROLE_LABELS[role]}.`,
      user_id: actor.userId,
      role,
    }
  },
})
