import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import { DomainError } from '../../kernel/errors'
import { Id } from '../../kernel/schemas'
import { toIso } from '../../kernel/time'
import { findTenantById, findTenantCtx } from '../tenants/queries'
import { issueKey } from '../api-keys/issue-key'
import { getUserInTenant } from '../users/queries'
import { Device } from './agent-model'
import { RegisterDeviceInput, registerDeviceFor } from './register-device'
import { findEnrollmentCodeByHash, markEnrollmentCodeUsed } from './enrollment-queries'
import { hashEnrollmentCode } from './enrollment-code'

export const EnrollDeviceInput = t.Object({
  code: t.String({ minLength: 8, maxLength: 64, description: 'The one-time enrollment code (dashes, spaces and case do not matter)' }),
  device: RegisterDeviceInput,
})

export const EnrollDeviceOutput = t.Object({
  key: t.String({ description: 'A user-scoped live key (wf_live_…) for this agent. Shown once: the agent stores it.' }),
  key_id: t.String(),
  user_id: Id,
  email: t.String(),
  tenant: t.String({ description: 'Readable id of the tenant' }),
  device: Device,
  created: t.Boolean({ description: 'true the first time this fingerprint registers for the user' }),
  idle_threshold_seconds: t.Integer({ minimum: 1, description: "The tenant's idle threshold: the agent reports a stretch without input this long as idle" }),
})

/**
 * Exchanges a one-time enrollment code for the device registration and a user-scoped live key
 * (no key needed: the code is the credential). Unknown codes are not_found; used or expired ones
 * conflict with details.reason used or expired. A refused code writes nothing.
 */
export const enrollDevice = defineOperation({
  name: 'enroll_device',
  title: 'Enroll a desktop agent with a one-time code',
  description:
    'Exchanges a one-time enrollment code (created by an administrator) for a registered device and a user-scoped live key bound to that user, shown once. Unknown codes answer not_found; used or expired codes answer conflict (details.reason used or expired); nothing is written then. A new device emits security.new_device_login.',
  access: { role: 'public' },
  // Changes rows: redeems the code and makes the device credential.
  changesRows: true,
  input: EnrollDeviceInput,
  output: EnrollDeviceOutput,
  run(ctx, input) {
    const code = findEnrollmentCodeByHash(ctx.db, hashEnrollmentCode(input.code))
    const tenant = code ? findTenantCtx(ctx.db, code.tenantId) : null
    if (!code || !tenant) throw new DomainError('not_found', 'This enrollment code is not valid.', { field: 'code' })
    if (code.usedAt !== null) {
      throw new DomainError('conflict', 'This enrollment code was used already; ask your administrator for a new one.', {
        field: 'code',
        reason: 'used',
      })
    }
    if (code.expiresAt <= ctx.now) {
      throw new DomainError('conflict', `This enrollment code expired at ${toIso(code.expiresAt)}; ask your administrator for a new one.`, {
        field: 'code',
        reason: 'expired',
        expired_at: toIso(code.expiresAt),
      })
    }
    if (tenant.isDemo) throw new DomainError('demo_mode_read_only', 'Demo tenants are read-only: devices cannot be enrolled there.')
    return inTransaction({ tenant, db: ctx.db, now: ctx.now }, (c) => {
      const user = getUserInTenant(c, code.userId)
      if (user.status !== 'active') throw new DomainError('conflict', 'This account is not active; ask your administrator.', { reason: 'user_inactive' })
      const { device, created } = registerDeviceFor(c, user.id, input.device)
      const { row, key } = issueKey(c, {
        kind: 'live',
        scope: 'read_write',
        role: user.role,
        name: `Desktop agent on ${device.name}`.slice(0, 100),
        userId: user.id,
        createdByUserId: code.createdByUserId,
        expiresAt: null,
      })
      if (!markEnrollmentCodeUsed(c, code.id, device.id, row.id)) {
        throw new DomainError('conflict', 'This enrollment code was used already; ask your administrator for a new one.', { field: 'code', reason: 'used' })
      }
      const idleThreshold = findTenantById(c.db, tenant.id)?.idleThresholdSeconds ?? 300
      return { key, key_id: row.id, user_id: user.id, email: user.email, tenant: tenant.readableId, device, created, idle_threshold_seconds: idleThreshold }
    })
  },
})
