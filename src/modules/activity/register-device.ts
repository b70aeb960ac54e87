import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import { callerUserId } from '../../kernel/access'
import { toIso } from '../../kernel/time'
import type { TenantScope } from '../../kernel/ctx'
import { getUserInTenant } from '../users/queries'
import { emit } from '../webhooks/outbox-queries'
import { findDeviceByFingerprint, insertDevice, updateDevice } from './agent-queries'
import { Device, PlatformEnum, toDevice } from './agent-model'

export const RegisterDeviceInput = t.Object({
  fingerprint: t.String({
    minLength: 8,
    maxLength: 200,
    description: 'Stable identifier the agent derives from the machine; registration is idempotent by it',
  }),
  name: t.String({ minLength: 1, maxLength: 200, description: 'Host name shown to the user' }),
  platform: PlatformEnum,
  agent_version: t.Optional(t.String({ minLength: 1, maxLength: 50 })),
})

export type RegisterDeviceInput = (typeof RegisterDeviceInput)['static']

export const RegisterDeviceOutput = t.Object({
  device: Device,
  created: t.Boolean({ description: 'true the first time this fingerprint registers for the user' }),
})

/**
 * Registers the desktop agent of the calling user. Idempotent by fingerprint: a known device is
 * updated (name, version, last seen) and returned; a new one emits security.new_device_login.
 */
export const registerDevice = defineOperation({
  name: 'register_device',
  title: 'Register a desktop agent device',
  description:
    'Registers the computer the desktop agent runs on for the calling user. Calling it again with the same fingerprint returns the same device. A first registration emits security.new_device_login.',
  access: { role: 'employee', write: true, userScopedKey: true },
  input: RegisterDeviceInput,
  output: RegisterDeviceOutput,
  run(ctx, input) {
    const userId = callerUserId(ctx)
    return inTransaction(ctx, (c) => registerDeviceFor(c, userId, input))
  },
})

/** The registration rules, for the caller (register_device) or for the user an enrollment code names. */
export function registerDeviceFor(c: TenantScope, userId: string, input: RegisterDeviceInput): { device: ReturnType<typeof toDevice>; created: boolean } {
  const known = findDeviceByFingerprint(c, userId, input.fingerprint)
  if (known) {
    const device = updateDevice(c, known.id, {
      name: input.name,
      platform: input.platform,
      agentVersion: input.agent_version ?? known.agentVersion,
      lastSeenAt: c.now,
    })
    return { device: toDevice(device), created: false }
  }
  const device = insertDevice(c, {
    userId,
    name: input.name,
    platform: input.platform,
    fingerprint: input.fingerprint,
    agentVersion: input.agent_version ?? null,
    registeredAt: c.now,
    lastSeenAt: c.now,
  })
  const user = getUserInTenant(c, userId)
  emit(c, 'security.new_device_login', {
    userId,
    userEmail: user.email,
    deviceId: device.id,
    deviceName: device.name,
    platform: device.platform,
    registeredAt: toIso(c.now),
  })
  return { device: toDevice(device), created: true }
}
