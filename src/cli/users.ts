import { addUser } from '../modules/users/add-user'
import { updateUser } from '../modules/users/update-user'
import { deactivateUser } from '../modules/users/deactivate-user'
import { reactivateUser } from '../modules/users/reactivate-user'
import { changeRole } from '../modules/users/change-role'
import { listUsers } from '../modules/users/list-users'
import type { Static } from '@sinclair/typebox'
import { getUser, type UserProfile } from '../modules/users/get-user'
import { inviteStaff } from '../modules/users/invite-staff'
import { listInvitations, resendInvitation, revokeInvitation } from '../modules/users/invitations-admin'
import { commandGroup, operationCommand } from './operation-command'
import { enrollCodeCommand } from './enroll-code'

type AdminOut = { user: { name: string; email: string; role: string; status: string }; changed: boolean }

/** The answer of deactivate / reactivate / set-role, as the operator reads it. */
const adminReport =
  (done: string) =>
  (out: AdminOut): string => {
    const who = `${out.user.name} <${out.user.email}>`
    return out.changed ? `${who} ${done}: ${out.user.role}, ${out.user.status}.` : `${who} was already ${out.user.role}; nothing changed.`
  }

type Profile = Static<typeof UserProfile>

/** A person's profile, one line per field an admin sets. */
const profileReport = (p: Profile): string =>
  [
    `${p.name} <${p.email}>  ${p.role}, ${p.status}  (${p.id})`,
    `job title:        ${p.job_title ?? '-'}`,
    `employee number:  ${p.employee_number ?? '-'}`,
    `contract hours:   ${p.weekly_hours} per week`,
    `work profile:     ${p.work_profile}`,
    `start date:       ${p.start_date ?? '-'}`,
    `home office:      ${p.home_office_id ?? '-'}`,
    `cost center:      ${p.cost_center ? `${p.cost_center.code} ${p.cost_center.name} (${p.cost_center.source === 'team' ? "the team's" : 'own'})` : '-'}`,
    `primary team:     ${p.team?.name ?? '-'}`,
    `teams:            ${p.teams.map((t) => `${t.name}${t.role_in_team === 'manager' ? ' (manager)' : ''}`).join(', ') || '-'}`,
  ].join('\n')

/**
 * `workforce users …`: the people of a tenant. Every command is an operation run as the operator
 * (the system actor, an OwnerAdmin that is nobody), so every rule (OwnerAdmin rules, unique
 * employee numbers, audit, events) applies unchanged. People are named by e-mail, teams by name,
 * cost centers by code, offices by name.
 */
export const usersCommand = commandGroup('users', 'Manage the people of a tenant: add, edit, roles, deactivation, invitations.', [
  operationCommand({
    name: 'add',
    op: addUser,
    print: (out) =>
      [
        `User ${out.name} <${out.email}> (${out.role}) added: ${out.user_id}${out.team_name ? `, team ${out.team_name}${out.team_created ? ' (new)' : ''}` : ''}.`,
        out.work_profile_source === 'given'
          ? `Work profile ${out.work_profile}.`
          : out.work_profile_source === 'team'
            ? `Work profile ${out.work_profile} (the team's).`
            : `Work profile ${out.work_profile} (default: no --work-profile and no team work profile; change it with: workforce users update ${out.email} --work-profile engineering|support|sales|design|operations|management).`,
      ].join('\n'),
  }),
  operationCommand({ name: 'update', op: updateUser, args: ['user_id'], print: profileReport }),
  operationCommand({ name: 'show', op: getUser, args: ['user_id'], print: profileReport }),
  operationCommand({ name: 'list', op: listUsers }),
  operationCommand({
    name: 'deactivate',
    op: deactivateUser,
    args: ['user_id'],
    summary: 'Deactivate a user: their keys are refused at once, their records kept (emits user.deactivated)',
    print: adminReport('deactivated'),
  }),
  operationCommand({
    name: 'reactivate',
    op: reactivateUser,
    args: ['user_id'],
    summary: 'Reactivate a deactivated user: their unrevoked keys work again (emits user.activated)',
    print: adminReport('reactivated'),
  }),
  operationCommand({ name: 'set-role', op: changeRole, args: ['user_id', 'role'], print: adminReport('now has the role') }),
  operationCommand({
    name: 'invite',
    op: inviteStaff,
    print: (out) => `${out.message} Invitation ${out.invitation_id}, valid until ${out.expires_at}.`,
  }),
  commandGroup('invitations', 'Invitations: list, resend with a new link, revoke.', [
    operationCommand({
      name: 'list',
      op: listInvitations,
      print: (out) => (out.data.length === 0 ? 'No invitations.' : out.data.map((i) => `${i.email}  ${i.status}  expires ${i.expires_at}  ${i.id}`).join('\n')),
    }),
    operationCommand({
      name: 'resend',
      op: resendInvitation,
      args: ['invitation_id'],
      print: (out) =>
        `Invitation to ${out.invitation.email} sent again (${out.email_delivery === 'queued' ? 'queued for SMTP' : 'pending: no SMTP configured'}); the previous link no longer works. Valid until ${out.invitation.expires_at}.`,
    }),
    operationCommand({
      name: 'revoke',
      op: revokeInvitation,
      args: ['invitation_id'],
      print: (out) =>
        out.changed ? `Invitation to ${out.invitation.email} revoked; its link no longer works.` : `Invitation to ${out.invitation.email} was already revoked.`,
    }),
  ]),
  enrollCodeCommand,
])
