import { DAY, HOUR } from '../../src/kernel/time'
import type { InvitationStatus } from '../../src/modules/users/schema'
import { JOB_TITLES } from '../catalog/people'
import type { SeedEnv } from '../env'
import { emit, iso } from '../events'
import type { Company, Person } from '../model'
import { Rng } from '../rng'

interface Invite {
  email: string
  name: string
  status: InvitationStatus
  /** The user record the invitation created (status invited until accepted). */
  userId: string
  createdAt: number
  acceptedAt: number | null
  displayRole: string
  /** A revoked invitation was withdrawn by deactivating its invited user. */
  revokedAt: number | null
}

/**
 * Invitations (pending ones with their invited users, accepted ones for the new joiners, one
 * expired, one revoked by deactivating its invited user), the queued emails that carried them,
 * and the user.* events.
 */
export function writePeopleHistory(env: SeedEnv, company: Company): void {
  const rng = new Rng(env.seed, 21)
  const admin = company.people[company.personas.admins[0]!]!
  const invites: Invite[] = []
  const pending = Math.max(2, Math.floor(company.people.length / 25))
  for (let i = 0; i < pending; i++) {
    const createdAt = env.now - rng.int(2, 5 * 24) * HOUR
    invites.push(invitedUser(env, company, rng, createdAt, i === 0 ? 'Manager' : 'Employee'))
  }
  for (const p of company.people.filter((x) => x.activeFrom !== null)) {
    invites.push({
      email: p.email,
      name: p.name,
      status: 'accepted',
      userId: p.id,
      createdAt: p.createdAt,
      acceptedAt: p.activatedAt,
      displayRole: 'Employee',
      revokedAt: null,
    })
  }
  // Their users come from a stream of their own, so that the rest of the history keeps its draws.
  const lapsedRng = new Rng(env.seed, 22)
  for (const status of ['expired', 'revoked'] as const) {
    const createdAt = env.now - rng.int(12, 25) * DAY
    const revokedAt = status === 'revoked' ? createdAt + lapsedRng.int(20, 50) * HOUR : null
    invites.push({ ...invitedUser(env, company, lapsedRng, createdAt, 'Employee', revokedAt), status })
  }
  for (const inv of invites) writeInvite(env, company, admin, inv, rng)
  for (const p of company.people) {
    if (p.deactivatedAt !== null) deactivated(env, p, 'active', admin, p.deactivatedAt)
  }
  roleChange(env, company, rng)
  securityEvents(env, company, rng)
}

/** A user record in status invited, as invite_staff creates it with the invitation (deactivated when the invitation was revoked). */
function invitedUser(env: SeedEnv, company: Company, rng: Rng, createdAt: number, displayRole: string, revokedAt: number | null = null): Invite {
  const name = company.names.next()
  const email = company.names.emailFor(name)
  const team = company.teams[rng.int(0, Math.max(0, company.teams.length - 2))]!
  const id = env.ids.uuid()
  env.w.users.add({
    id,
    tenantId: env.tenantId,
    name,
    email,
    role: 'employee',
    status: revokedAt === null ? 'invited' : 'deactivated',
    primaryTeamId: team.id,
    jobTitle: rng.pick(JOB_TITLES[team.profile].member),
    workProfile: team.profile,
    weeklyHours: 40,
    costCenterId: team.costCenterId,
    createdAt,
    activatedAt: null,
    deactivatedAt: revokedAt,
  })
  // The role on the invitation is display-only: everyone joins as Employee.
  return { email, name, status: 'pending', userId: id, createdAt, acceptedAt: null, displayRole, revokedAt }
}

function writeInvite(env: SeedEnv, company: Company, admin: Person, inv: Invite, rng: Rng): void {
  const id = env.ids.uuid()
  const expiresAt = inv.createdAt + 7 * DAY
  env.w.invitations.add({
    id,
    tenantId: env.tenantId,
    email: inv.email,
    name: inv.name,
    displayRole: inv.displayRole,
    status: inv.status,
    userId: inv.userId,
    invitedByUserId: admin.id,
    tokenHash: env.ids.hex(32),
    createdAt: inv.createdAt,
    expiresAt,
    acceptedAt: inv.acceptedAt,
  })
  const sentAt = inv.createdAt + rng.int(2, 20) * 1000
  env.w.emails.add({
    id: env.ids.uuid(),
    tenantId: env.tenantId,
    toAddress: inv.email,
    subject: `${admin.name} invited you to ${company.name} on Workforce`,
    textBody: `Hello ${inv.name},\n\n${admin.name} invited you to join ${company.name} on Workforce. Accept the invitation within 7 days.\n`,
    status: 'sent',
    attempts: 1,
    lastError: null,
    nextAttemptAt: inv.createdAt,
    createdAt: inv.createdAt,
    sentAt,
  })
  emit(
    env,
    'user.invited',
    {
      userId: inv.userId,
      userEmail: inv.email,
      userName: inv.name,
      invitationId: id,
      role: 'employee',
      displayRole: inv.displayRole,
      invitedByUserId: admin.id,
      invitedByEmail: admin.email,
      invitedAt: iso(inv.createdAt),
      expiresAt: iso(expiresAt),
    },
    inv.createdAt,
  )
  if (inv.acceptedAt !== null) {
    emit(
      env,
      'user.activated',
      { userId: inv.userId, userEmail: inv.email, via: 'invitation', invitationId: id, activatedAt: iso(inv.acceptedAt) },
      inv.acceptedAt,
    )
  }
  if (inv.revokedAt !== null) deactivated(env, { id: inv.userId, email: inv.email }, 'invited', admin, inv.revokedAt)
}

function deactivated(env: SeedEnv, p: { id: string; email: string }, previousStatus: 'active' | 'invited', by: Person, at: number): void {
  emit(env, 'user.deactivated', { userId: p.id, userEmail: p.email, previousStatus, deactivatedByEmail: by.email, deactivatedAt: iso(at) }, at)
}

/** A team lead promoted to Manager a few weeks ago. */
function roleChange(env: SeedEnv, company: Company, rng: Rng): void {
  const team = company.teams.length > 4 ? company.teams[3]! : company.teams[company.personas.backlogTeam]!
  const p = company.people[team.manager]!
  const at = env.cal.at(env.days[Math.floor(env.days.length * 0.3)]!, '11:00') + rng.int(0, 3600) * 1000
  const owner = company.people[company.personas.owner]!
  emit(
    env,
    'user.role_changed',
    { userId: p.id, userEmail: p.email, previousRole: 'employee', role: 'manager', changedByEmail: owner.email, changedAt: iso(at) },
    at,
  )
}

/**
 * Five wrong secrets in a row against a person's MCP key, three nights (the keys themselves are
 * not part of the demo tenant, whose only keys are its demo keys), and an admin turning
 * two-factor authentication off.
 */
function securityEvents(env: SeedEnv, company: Company, rng: Rng): void {
  const days = env.days.slice(0, -1)
  if (days.length === 0) return
  const active = company.people.filter((p) => p.status === 'active')
  for (let i = 0; i < 3; i++) {
    const at = env.cal.at(rng.pick(days), '03:00') + rng.int(0, 2 * 3600) * 1000
    const owner = rng.pick(active)
    emit(
      env,
      'security.login_failed',
      {
        keyId: env.ids.base62('key_', 16),
        keyPrefix: env.ids.base62('wf_live_', 8),
        keyName: `${rng.pick(KEY_LABELS)} (${owner.name})`,
        userId: owner.id,
        failedAttempts: 5,
        reason: 'wrong_secret',
        lastAttemptAt: iso(at),
      },
      at,
    )
  }
  const p = company.people[company.personas.admins[company.personas.admins.length - 1]!]!
  const at = env.cal.at(rng.pick(days), '16:20') + rng.int(0, 1800) * 1000
  emit(
    env,
    'security.2fa_disabled',
    { userId: p.id, userEmail: p.email, disabledByUserId: p.id, disabledByEmail: p.email, reason: 'user_request', disabledAt: iso(at) },
    at,
  )
}

const KEY_LABELS = ['Claude Desktop', 'Cursor', 'ChatGPT', 'Claude Code', 'VS Code']
