import { DAY, HOUR, MINUTE } from '../../src/kernel/time'
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
  userId: string | null
  createdAt: number
  acceptedAt: number | null
  displayRole: string
}

/**
 * Invitations (pending ones with their invited users, accepted ones for the new joiners, one
 * expired, one revoked), the queued emails that carried them, and the user.* events.
 */
export function writePeopleHistory(env: SeedEnv, company: Company): void {
  const rng = new Rng(env.seed, 21)
  const admin = company.people[company.personas.admins[0]!]!
  const invites: Invite[] = []
  const pending = Math.max(2, Math.floor(company.people.length / 25))
  for (let i = 0; i < pending; i++) invites.push(invitedUser(env, company, rng, i))
  for (const p of company.people.filter((x) => x.activeFrom !== null)) {
    invites.push({ email: p.email, name: p.name, status: 'accepted', userId: p.id, createdAt: p.createdAt, acceptedAt: p.activatedAt, displayRole: 'Employee' })
  }
  for (const status of ['expired', 'revoked'] as const) {
    const name = company.names.next()
    invites.push({ email: company.names.emailFor(name), name, status, userId: null, createdAt: env.now - rng.int(12, 25) * DAY, acceptedAt: null, displayRole: 'Employee' })
  }
  for (const inv of invites) writeInvite(env, company, admin, inv, rng)
  for (const p of company.people) {
    if (p.deactivatedAt !== null) emit(env, 'user.deactivated', { userId: p.id, userEmail: p.email, name: p.name, deactivatedByEmail: admin.email, deactivatedAt: iso(p.deactivatedAt) }, p.deactivatedAt)
  }
  roleChange(env, company, rng)
  securityEvents(env, company, rng)
}

function invitedUser(env: SeedEnv, company: Company, rng: Rng, i: number): Invite {
  const name = company.names.next()
  const email = company.names.emailFor(name)
  const team = company.teams[rng.int(0, Math.max(0, company.teams.length - 2))]!
  const createdAt = env.now - rng.int(2, 5 * 24) * HOUR
  const id = env.ids.uuid()
  env.w.users.add({
    id, tenantId: env.tenantId, name, email, role: 'employee', status: 'invited', primaryTeamId: team.id, jobTitle: rng.pick(JOB_TITLES[team.profile].member),
    workProfile: team.profile, weeklyHours: 40, costCenterId: team.costCenterId, createdAt, activatedAt: null, deactivatedAt: null,
  })
  // The role on the invitation is display-only: everyone joins as Employee.
  return { email, name, status: 'pending', userId: id, createdAt, acceptedAt: null, displayRole: i === 0 ? 'Manager' : 'Employee' }
}

function writeInvite(env: SeedEnv, company: Company, admin: Person, inv: Invite, rng: Rng): void {
  const id = env.ids.uuid()
  const expiresAt = inv.createdAt + 7 * DAY
  env.w.invitations.add({
    id, tenantId: env.tenantId, email: inv.email, name: inv.name, displayRole: inv.displayRole, status: inv.status, userId: inv.userId,
    invitedByUserId: admin.id, tokenHash: env.ids.hex(32), createdAt: inv.createdAt, expiresAt, acceptedAt: inv.acceptedAt,
  })
  const sentAt = inv.createdAt + rng.int(2, 20) * 1000
  env.w.emails.add({
    id: env.ids.uuid(), tenantId: env.tenantId, toAddress: inv.email, subject: `${admin.name} invited you to ${company.name} on Workforce`,
    textBody: `Hello ${inv.name},\n\n${admin.name} invited you to join ${company.name} on Workforce. Accept the invitation within 7 days.\n`,
    status: 'sent', attempts: 1, lastError: null, nextAttemptAt: inv.createdAt, createdAt: inv.createdAt, sentAt,
  })
  emit(env, 'user.invited', { invitationId: id, email: inv.email, name: inv.name, displayRole: inv.displayRole, invitedByEmail: admin.email, expiresAt: iso(expiresAt) }, inv.createdAt)
  if (inv.acceptedAt !== null && inv.userId) emit(env, 'user.activated', { userId: inv.userId, userEmail: inv.email, name: inv.name, activatedAt: iso(inv.acceptedAt) }, inv.acceptedAt)
}

/** A team lead promoted to Manager a few weeks ago. */
function roleChange(env: SeedEnv, company: Company, rng: Rng): void {
  const team = company.teams.length > 4 ? company.teams[3]! : company.teams[company.personas.backlogTeam]!
  const p = company.people[team.manager]!
  const at = env.cal.at(env.days[Math.floor(env.days.length * 0.3)]!, '11:00') + rng.int(0, 3600) * 1000
  emit(env, 'user.role_changed', { userId: p.id, userEmail: p.email, fromRole: 'employee', toRole: 'manager', changedByEmail: company.people[company.personas.owner]!.email, changedAt: iso(at) }, at)
}

function securityEvents(env: SeedEnv, company: Company, rng: Rng): void {
  const days = env.days.slice(0, -1)
  if (days.length === 0) return
  for (let i = 0; i < 3; i++) {
    const at = env.cal.at(rng.pick(days), '03:00') + rng.int(0, 2 * 3600) * 1000
    emit(env, 'security.login_failed', { keyPrefix: `wf_live_${env.ids.base62('', 8)}`, failedAttempts: 5, lastFailedAt: iso(at), source: 'mcp' }, at)
  }
  const p = company.people[company.personas.admins[company.personas.admins.length - 1]!]!
  const at = env.cal.at(rng.pick(days), '16:20') + rng.int(0, 1800) * 1000
  emit(env, 'security.2fa_disabled', { userId: p.id, userEmail: p.email, disabledAt: iso(at) }, at + MINUTE)
}
