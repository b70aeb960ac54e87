import { Command, Option } from 'commander'
import { issueSetupLink } from '../modules/accounts/password-links'
import { createTenant } from '../modules/tenants/create-tenant'
import { findPlan, listTenants } from '../modules/tenants/queries'
import { DAY } from '../kernel/time'
import type { Runtime } from '../runtime'
import { PLAN_IDS, type PlanId } from '../modules/tenants/schema'
import { CliError, dataOption, printJson, publicUrlOption, withRuntime, type DataOpts } from './common'
import { mcpClientSnippetsText } from './banner'

interface CreateOpts extends DataOpts {
  name: string
  ownerEmail: string
  ownerName: string
  plan: string
  timezone: string
  slug?: string
  trial?: boolean | string
  json?: boolean
}

/** `--trial` alone: the plan's usual trial length; `--trial 30`: that many days. */
function trialDaysOf(rt: Runtime, opts: CreateOpts): number | undefined {
  if (opts.trial === undefined || opts.trial === false) return undefined
  if (opts.trial === true) return findPlan(rt.db, opts.plan as PlanId)?.trialDays ?? 14
  const days = Number(opts.trial)
  if (!Number.isInteger(days) || days < 1) throw new CliError(`--trial takes a whole number of days, not "${opts.trial}".`)
  return days
}

const create = new Command('create')
  .description('Create a production tenant with its OwnerAdmin and a first live key (printed once).')
  .requiredOption('--name <name>', 'company name')
  .requiredOption('--owner-email <email>', 'email of the OwnerAdmin')
  .requiredOption('--owner-name <name>', 'full name of the OwnerAdmin')
  .addOption(new Option('--plan <plan>', 'plan').choices([...PLAN_IDS]).default('business'))
  .option('--timezone <tz>', 'IANA time zone of the company', 'UTC')
  .option('--slug <slug>', 'URL-safe name (default: from the company name)')
  .option('--trial [days]', "start on a trial of the plan (default: the plan's trial length, 14 days); subscription.trial_ending is sent 3 days before it ends")
  .option('--json', 'print JSON')
  .addOption(dataOption())
  .addOption(publicUrlOption())
  .action((opts: CreateOpts) =>
    withRuntime(opts, (rt) => {
      if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(opts.ownerEmail)) throw new CliError(`Not an email address: ${opts.ownerEmail}`)
      const trialDays = trialDaysOf(rt, opts)
      const created = createTenant(
        rt.db,
        {
          name: opts.name,
          planId: opts.plan as PlanId,
          timezone: opts.timezone,
          isDemo: false,
          owner: { name: opts.ownerName, email: opts.ownerEmail },
          issueOwnerKey: true,
          ...(trialDays !== undefined ? { trialDays } : {}),
          ...(opts.slug ? { slug: opts.slug } : {}),
        },
        Date.now(),
      )
      const key = created.ownerKey!.key
      const setup = issueSetupLink(rt.db, created.tenant.id, created.owner.id, rt.config.publicUrl, Date.now())
      const trialEndsAt = trialDays === undefined ? null : new Date(created.tenant.createdAt + trialDays * DAY).toISOString()
      if (opts.json) {
        printJson({
          tenant: created.tenant.readableId,
          slug: created.tenant.slug,
          owner_user_id: created.owner.id,
          key_id: created.ownerKey!.row.id,
          key,
          trial_ends_at: trialEndsAt,
          mcp_url: `${rt.config.publicUrl}/api/mcp/v1`,
          console_setup_url: setup.url,
          console_setup_expires_at: new Date(setup.expiresAt).toISOString(),
        })
        return
      }
      console.log(
        `Tenant ${created.tenant.readableId} (${created.tenant.name}) created on the ${opts.plan} plan${trialEndsAt ? `, on trial until ${trialEndsAt}` : ''}.`,
      )
      console.log(`OwnerAdmin: ${created.owner.name} <${created.owner.email}> (${created.owner.id})`)
      console.log(`Web console setup link for ${created.owner.email} (works once, until ${new Date(setup.expiresAt).toISOString()}): ${setup.url}`)
      console.log(`Live key (shown once, store it now): ${key}`)
      console.log(`MCP endpoint: ${rt.config.publicUrl}/api/mcp/v1`)
      console.log(mcpClientSnippetsText(rt.config.publicUrl, key))
    }),
  )

const list = new Command('list')
  .description('List tenants.')
  .option('--json', 'print JSON')
  .addOption(dataOption())
  .action((opts: DataOpts & { json?: boolean }) =>
    withRuntime(opts, (rt) => {
      const rows = listTenants(rt.db).map((t) => ({ id: t.readableId, slug: t.slug, name: t.name, plan: t.planId, timezone: t.timezone, demo: t.isDemo }))
      if (opts.json) return printJson(rows)
      for (const r of rows) console.log(`${r.id}\t${r.plan}\t${r.demo ? 'demo' : 'production'}\t${r.timezone}\t${r.name}`)
    }),
  )

export const tenantCommand = new Command('tenant').description('Manage tenants (companies).').addCommand(create).addCommand(list)
