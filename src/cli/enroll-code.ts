import { Command, Option } from 'commander'
import { invoke } from '../kernel/operation'
import { systemCtxFor } from '../runtime'
import { createEnrollmentCode } from '../modules/activity/create-enrollment-code'
import { ENROLLMENT_CODE_DEFAULT_MINUTES } from '../modules/activity/enrollment-code'
import { findUserByEmail, findUserInTenant } from '../modules/users/queries'
import { CliError, dataOption, printJson, resolveTenant, withRuntime, type DataOpts } from './common'

interface EnrollCodeOpts extends DataOpts {
  tenant: string
  user: string
  ttlMinutes?: string
  json?: boolean
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** `workforce users enroll-code`: the operator's side of create_enrollment_code (see docs/agent.md). */
export const enrollCodeCommand = new Command('enroll-code')
  .description('Create a one-time code that enrolls a desktop agent for a user (`workforce agent enroll --code`). Prints the code and its expiry.')
  .requiredOption('--tenant <id>', 'tenant readable id (WF-123456) or slug')
  .requiredOption('--user <email>', 'e-mail or id of the user')
  .addOption(new Option('--ttl-minutes <n>', `how long the code works (default ${ENROLLMENT_CODE_DEFAULT_MINUTES})`))
  .option('--json', 'print JSON')
  .addOption(dataOption())
  .action((opts: EnrollCodeOpts) =>
    withRuntime(opts, async (rt) => {
      const tenant = resolveTenant(rt, opts.tenant)
      const ctx = systemCtxFor(rt, tenant)
      const user = UUID.test(opts.user) ? findUserInTenant(ctx, opts.user) : findUserByEmail(ctx, opts.user)
      if (!user) throw new CliError(`No user "${opts.user}" in tenant ${tenant.readableId}.`)
      let ttl: number | undefined
      if (opts.ttlMinutes !== undefined) {
        ttl = Number(opts.ttlMinutes)
        if (!Number.isInteger(ttl)) throw new CliError('--ttl-minutes must be a whole number of minutes')
      }
      const out = await invoke(createEnrollmentCode, ctx, { user_id: user.id, ...(ttl !== undefined ? { ttl_minutes: ttl } : {}) })
      if (opts.json) return printJson(out)
      console.log(`Enrollment code for ${user.name} <${user.email}>: ${out.code}`)
      console.log(`Valid once, until ${out.expires_at}. On the computer: workforce agent enroll --server URL --code ${out.code}`)
    }),
  )
