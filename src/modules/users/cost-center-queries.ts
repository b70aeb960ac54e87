import { and, asc, eq } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import { users } from './schema'

/** People (any status) whose own cost center is this one, by name: what delete_cost_center refuses on. */
export const peopleWithCostCenter = (c: TenantScope, costCenterId: string): { id: string; name: string; email: string; status: string }[] =>
  c.db
    .select({ id: users.id, name: users.name, email: users.email, status: users.status })
    .from(users)
    .where(and(eq(users.tenantId, c.tenant.id), eq(users.costCenterId, costCenterId)))
    .orderBy(asc(users.name))
    .all()
