import { Command, Option } from 'commander'
import { ROLES } from '../kernel/ctx'
import { invoke } from '../kernel/operation'
import { systemCtx } from '../runtime'
import { addUser } from '../modules/users/add-user'
import { dataOption, printJson, resolveTenant, withRuntime, type DataOpts } from './common'

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
      const out = await invoke(addUser, systemCtx(rt, resolveTenant(rt, opts.tenant)), {
        email: opts.email,
        name: opts.name,
        role: opts.role,
        ...(opts.team ? { team: opts.team } : {}),
        ...(opts.jobTitle ? { job_title: opts.jobTitle } : {}),
      })
      if (opts.json) return printJson(out)
      console.log(`User ${out.name} <${out.email}> (${out.role}) added: ${out.user_id}${out.team_name ? `, team ${out.team_name}${out.team_created ? ' (new)' : ''}` : ''}.`)
    }),
  )

export const usersCommand = new Command('users').description('Manage the people of a tenant.').addCommand(add)
