import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import { Id, Instant } from '../../kernel/schemas'
import { MINUTE, toIso } from '../../kernel/time'
import { DomainError } from '../../kernel/errors'
import { effectiveRole, roleAtLeast } from '../../kernel/access'
import { getUserInTenant } from '../users/queries'
import { insertEnrollmentCode } from './enrollment-queries'
import { ENROLLMENT_CODE_DEFAULT_MINUTES, ENROLLMENT_CODE_MAX_MINUTES, hashEnrollmentCode, newEnrollmentCode } from './enrollment-code'

export const CreateEnrollmentCodeInput = t.Object({
  user_id: t.String({ format: 'uuid', description: 'User the enrolled desktop agent will report for' }),
  ttl_minutes: t.Optional(
    t.Integer({
      minimum: 1,
      maximum: ENROLLMENT_CODE_MAX_MINUTES,
      description: `How long the code works; default ${ENROLLMENT_CODE_DEFAULT_MINUTES} minutes, at most 7 days`,
    }),
  ),
})

export const CreateEnrollmentCodeOutput = t.Object({
  code: t.String({ description: 'The one-time code, e.g. K7QX-M2PA-9RTW-HB4N. Shown once: only its hash is stored.' }),
  code_id: Id,
  user_id: Id,
  expires_at: Instant,
})

/**
 * Creates a one-time enrollment code for one user: `workforce agent enroll --code` exchanges it
 * (POST /client/enroll) for the device registration and a user-scoped key bound to that user.
 */
export const createEnrollmentCode = defineOperation({
  name: 'create_enrollment_code',
  title: 'Create a desktop-agent enrollment code',
  description: `Creates a short-lived, one-time code that enrolls a desktop agent for a user (default ${ENROLLMENT_CODE_DEFAULT_MINUTES} minutes); the agent then gets a key with that user's role, so the user's role may not be above the caller's. The code is returned once; only its hash is stored.`,
  access: { role: 'admin', write: true },
  input: CreateEnrollmentCodeInput,
  output: CreateEnrollmentCodeOutput,
  run(ctx, input) {
    return inTransaction(ctx, (c) => {
      const user = getUserInTenant(c, input.user_id)
      if (user.status === 'deactivated') {
        throw new DomainError('conflict', 'This user is deactivated: reactivate them before enrolling a device.', { field: 'user_id' })
      }
      // The code yields a key with the user's role: never above its issuer's (as for create_api_key).
      if (!roleAtLeast(effectiveRole(ctx.actor), user.role)) {
        throw new DomainError('forbidden', "An enrollment code cannot be created for someone whose role is above the issuer's.", { field: 'user_id' })
      }
      const code = newEnrollmentCode()
      const expiresAt = c.now + (input.ttl_minutes ?? ENROLLMENT_CODE_DEFAULT_MINUTES) * MINUTE
      const row = insertEnrollmentCode(c, { userId: user.id, codeHash: hashEnrollmentCode(code), createdByUserId: ctx.actor.userId, expiresAt })
      return { code, code_id: row.id, user_id: user.id, expires_at: toIso(expiresAt) }
    })
  },
})
