import { Command, Option } from 'commander'
import { createTenant } from '../modules/tenants/create-tenant'
import { listTenants } from '../modules/tenants/queries'
import { PLAN_IDS, type PlanId } from '../modules/tenants/schema'
import { CliError, dataOption, printJson, withRuntime, type DataOpts } from './common'
import { mcpConfigSnippet } from './banner'

interface CreateOpts extends DataOpts {
  name: string
  ownerEmail: string
  ownerName: string
  plan: string
  timezone: string
  slug?: string
  json?: boolean
}

const create = new Command('create')
  .description('Create a production tenant with its OwnerAdmin and a first live key (printed once).')
  .requiredOption('--name <name>', 'company name')
  .requiredOption('--owner-email <email>', 'email of the OwnerAdmin')
  .requiredOption('--owner-name <name>', 'full name of the OwnerAdmin')
  .addOption(new Option('--plan <plan>', 'plan').choices([...PLAN_IDS]).default('business'))
  .option('--timezone <tz>', 'IANA time zone of the company', 'UTC')
  .option('--slug <slug>', 'URL-safe name (default: from the company name)')
  .option('--json', 'print JSON')
  .addOption(dataOption())
  .action((opts: CreateOpts) =>
    withRuntime(opts, (rt) => {
      if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(opts.ownerEmail)) throw new CliError(`Not an email address: ${opts.ownerEmail}`)
      const created = createTenant(
        rt.db,
        {
          name: opts.name,
          planId: opts.plan as PlanId,
          timezone: opts.timezone,
          isDemo: false,
          owner: { name: opts.ownerName, email: opts.ownerEmail },
          issueOwnerKey: true,
          ...(opts.slug ? { slug: opts.slug } : {}),
        },
        Date.now(),
      )
      const key = created.ownerKey!.key
      if (opts.json) {
        printJson({ tenant: created.tenant.readableId, slug: created.tenant.slug, owner_user_id: created.owner.id, key_id: created.ownerKey!.row.id, key })
        return
      }
      console.log(`Tenant ${created.tenant.readableId} (${created.tenant.name}) created on the ${opts.plan} plan.`)
      console.log(`OwnerAdmin: ${created.owner.name} <${created.owner.email}> (${created.owner.id})`)
      console.log(`Live key (shown once, store it now): ${key}`)
      console.log('MCP client config:')
      console.log(mcpConfigSnippet(rt.config.publicUrl, key))
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
