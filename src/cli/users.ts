import { Command, Option } from 'commander'
import { ROLES } from '../kernel/ctx'
import { invoke } from '../kernel/operation'
import { systemCtxFor } from '../runtime'
import { addUser } from '../modules/users/add-user'
import { deactivateUser } from '../modules/users/deactivate-user'
import { reactivateUser } from '../modules/users/reactivate-user'
import { changeRole } from '../modules/users/change-role'
import { findUserByEmail, findUserInTenant } from '../modules/users/queries'
import type { Runtime } from '../runtime'
import type { TenantCtx } from '../kernel/ctx'
import { enrollCodeCommand } from './enroll-code'
import { CliError, dataOption, printJson, resolveTenant, withRuntime, type DataOpts } from './common'

interface AddOpts extends DataOpts {
  tenant: string
  email: string
  name: string
  role: (typeof ROLES)[number]
  team?: string
  jobTitle?: string
  json?: boolean
}

const add = new Command('add')
  .description('Add an active user to a tenant, optionally into a team (created when missing; a manager added to a team manages it).')
  .requiredOption('--tenant <id>', 'tenant readable id (WF-123456) or slug')
  .requiredOption('--email <email>', 'work email')
  .requiredOption('--name <name>', 'full name')
  .addOption(new Option('--role <role>', 'role').choices([...ROLES]).default('employee'))
  .option('--team <name>', 'team name')
  .option('--job-title <title>', 'job title')
  .option('--json', 'print JSON')
  .addOption(dataOption())
  .action((opts: AddOpts) =>
    withRuntime(opts, async (rt) => {
      const out = await invoke(addUser, systemCtxFor(rt, resolveTenant(rt, opts.tenant)), {
        email: opts.email,
        name: opts.name,
        role: opts.role,
        ...(opts.team ? { team: opts.team } : {}),
        ...(opts.jobTitle ? { job_title: opts.jobTitle } : {}),
      })
      if (opts.json) return printJson(out)
      console.log(
        `User ${out.name} <${out.email}> (${out.role}) added: ${out.user_id}${out.team_name ? `, team ${out.team_name}${out.team_created ? ' (new)' : ''}` : ''}.`,
      )
    }),
  )

interface ActOpts extends DataOpts {
  tenant: string
  json?: boolean
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The operator names a person by e-mail (or id); the operations take the id. */
function resolveUserId(rt: Runtime, tenant: TenantCtx, ref: string): string {
  const ctx = systemCtxFor(rt, tenant)
  const user = UUID.test(ref) ? findUserInTenant(ctx, ref) : findUserByEmail(ctx, ref)
  if (!user) throw new CliError(`No user "${ref}" in tenant ${tenant.readableId}.`)
  return user.id
}

type AdminOut = { user: { name: string; email: string; role: string; status: string }; changed: boolean }

function report(out: AdminOut, json: boolean | undefined, done: string): void {
  if (json) {
    printJson(out)
    return
  }
  const who = `${out.user.name} <${out.user.email}>`
  console.log(out.changed ? `${who} ${done}: ${out.user.role}, ${out.user.status}.` : `${who} was already ${out.user.role}; nothing changed.`)
}

/**
 * The operator's side of the admin actions (deactivate_user, reactivate_user, change_user_role):
 * the same operations the client API calls, run as the system actor (an OwnerAdmin that is nobody),
 * so every rule (last OwnerAdmin, events) applies unchanged.
 */
const statusCommand = (name: 'deactivate' | 'reactivate', description: string) =>
  new Command(name)
    .description(description)
    .argument('<user>', 'e-mail or id of the user')
    .requiredOption('--tenant <id>', 'tenant readable id (WF-123456) or slug')
    .option('--json', 'print JSON')
    .addOption(dataOption())
    .action((ref: string, opts: ActOpts) =>
      withRuntime(opts, async (rt) => {
        const tenant = resolveTenant(rt, opts.tenant)
        const op = name === 'deactivate' ? deactivateUser : reactivateUser
        const out = await invoke(op, systemCtxFor(rt, tenant), { user_id: resolveUserId(rt, tenant, ref) })
        report(out, opts.json, `${name}d`)
      }),
    )

const setRole = new Command('set-role')
  .description("Change a user's role (emits user.role_changed; the last active OwnerAdmin keeps the role).")
  .argument('<user>', 'e-mail or id of the user')
  .argument('<role>', ROLES.join(', '))
  .requiredOption('--tenant <id>', 'tenant readable id (WF-123456) or slug')
  .option('--json', 'print JSON')
  .addOption(dataOption())
  .action((ref: string, role: string, opts: ActOpts) =>
    withRuntime(opts, async (rt) => {
      if (!(ROLES as readonly string[]).includes(role)) throw new CliError(`role must be one of ${ROLES.join(', ')}`)
      const tenant = resolveTenant(rt, opts.tenant)
      const out = await invoke(changeRole, systemCtxFor(rt, tenant), { user_id: resolveUserId(rt, tenant, ref), role: role as (typeof ROLES)[number] })
      report(out, opts.json, 'now has the role')
    }),
  )

export const usersCommand = new Command('users')
  .description('Manage the people of a tenant.')
  .addCommand(add)
  .addCommand(statusCommand('deactivate', 'Deactivate a user: their keys are refused at once, their records kept (emits user.deactivated).'))
  .addCommand(statusCommand('reactivate', 'Reactivate a deactivated user: their unrevoked keys work again (emits user.activated).'))
  .addCommand(setRole)
  .addCommand(enrollCodeCommand)
