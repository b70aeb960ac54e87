import { and, eq, isNull } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import type { DbLike } from '../../kernel/db'
import { newId } from '../../kernel/ids'
import { enrollmentCodes } from './schema'

export type EnrollmentCodeRow = typeof enrollmentCodes.$inferSelect

export function insertEnrollmentCode(c: TenantScope, row: Pick<EnrollmentCodeRow, 'userId' | 'codeHash' | 'createdByUserId' | 'expiresAt'>): EnrollmentCodeRow {
  return c.db
    .insert(enrollmentCodes)
    .values({ ...row, id: newId(), tenantId: c.tenant.id, createdAt: c.now })
    .returning()
    .get()
}

/** The code a hash names, in any tenant: the code is the credential and names its tenant. */
export const findEnrollmentCodeByHash = (db: DbLike, codeHash: string): EnrollmentCodeRow | null =>
  db.select().from(enrollmentCodes).where(eq(enrollmentCodes.codeHash, codeHash)).get() ?? null

/** Marks the code used, once: false when another exchange got there first. */
export function markEnrollmentCodeUsed(c: TenantScope, id: string, deviceId: string, keyId: string): boolean {
  const row = c.db
    .update(enrollmentCodes)
    .set({ usedAt: c.now, deviceId, keyId })
    .where(and(eq(enrollmentCodes.tenantId, c.tenant.id), eq(enrollmentCodes.id, id), isNull(enrollmentCodes.usedAt)))
    .returning({ id: enrollmentCodes.id })
    .get()
  return row !== undefined
}
