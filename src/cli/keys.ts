import { Command, Option } from 'commander'
import { invoke } from '../kernel/operation'
import { DAY } from '../kernel/time'
import { ROLES } from '../kernel/ctx'
import { systemCtxFor } from '../runtime'
import { createKey } from '../modules/api-keys/create-key'
import { listKeys } from '../modules/api-keys/list-keys'
import { revokeKey } from '../modules/api-keys/revoke-key'
import { findUserByEmail } from '../modules/users/queries'
import { CliError, dataOption, printJson, resolveTenant, withRuntime, type DataOpts } from './common'

interface CreateOpts extends DataOpts {
  tenant: string
  kind: 'live' | 'demo' | 'api'
  name: string
  user?: string
  role?: (typeof ROLES)[number]
  scope?: 'read' | 'read_write'
  expiresDays?: string
  json?: boolean
}

const create = new Command('create')
  .description('Create a key. Bound to a user with --user (acts with that user role); otherwise tenant-level with --role.')
  .requiredOption('--tenant <id>', 'tenant readable id (WF-123456) or slug')
  .addOption(new Option('--kind <kind>', 'live (MCP), api (REST token) or demo').choices(['live', 'api', 'demo']).default('live'))
  .option('--name <name>', 'label for the key', 'CLI key')
  .option('--user <email-or-id>', 'bind the key to this user')
  .addOption(new Option('--role <role>', 'role of a tenant-level key').choices([...ROLES]))
  .addOption(new Option('--scope <scope>', 'REST scope').choices(['read', 'read_write']))
  .option('--expires-days <n>', 'expire after N days')
  .option('--json', 'print JSON')
  .addOption(dataOption())
  .action((opts: CreateOpts) =>
    withRuntime(opts, async (rt) => {
      const tenant = resolveTenant(rt, opts.tenant)
      const ctx = systemCtxFor(rt, tenant)
      const user = opts.user ? findUserByEmail(ctx, opts.user) : null
      const userId = user?.id ?? (opts.user && /^[0-9a-f-]{36}$/i.test(opts.user) ? opts.user : undefined)
      if (opts.user && !userId) throw new CliError(`No user "${opts.user}" in ${tenant.readableId}.`)
      const days = opts.expiresDays ? Number(opts.expiresDays) : null
      if (days !== null && !(days > 0)) throw new CliError('--expires-days must be a positive number')
      const out = await invoke(createKey, ctx, {
        kind: opts.kind,
        name: opts.name,
        ...(userId ? { user_id: userId } : {}),
        ...(opts.role ? { role: opts.role } : {}),
        ...(opts.scope ? { scope: opts.scope } : {}),
        ...(days ? { expires_at: new Date(ctx.now + days * DAY).toISOString() } : {}),
      })
      if (opts.json) return printJson(out)
      console.log(`Key ${out.api_key.id} (${out.api_key.kind}, ${out.api_key.role}, ${out.api_key.scope}) created.`)
      console.log(`Key (shown once, store it now): ${out.key}`)
    }),
  )

const list = new Command('list')
  .description('List the keys of a tenant (prefixes only, never secrets).')
  .requiredOption('--tenant <id>', 'tenant readable id or slug')
  .option('--json', 'print JSON')
  .addOption(dataOption())
  .action((opts: DataOpts & { tenant: string; json?: boolean }) =>
    withRuntime(opts, async (rt) => {
      const out = await invoke(listKeys, systemCtxFor(rt, resolveTenant(rt, opts.tenant)), {})
      if (opts.json) return printJson(out.keys)
      for (const k of out.keys) {
        const state = k.revoked_at ? 'revoked' : k.expires_at && Date.parse(k.expires_at) <= Date.now() ? 'expired' : 'active'
        console.log(`${k.id}\t${k.display_prefix}…\t${k.kind}\t${k.role}\t${k.scope}\t${state}\t${k.name}`)
      }
    }),
  )

const revoke = new Command('revoke')
  .description('Revoke a key; it is refused from the next request on.')
  .argument('<key-id>', 'key id as shown by keys list')
  .requiredOption('--tenant <id>', 'tenant readable id or slug')
  .addOption(dataOption())
  .action((keyId: string, opts: DataOpts & { tenant: string }) =>
    withRuntime(opts, async (rt) => {
      const out = await invoke(revokeKey, systemCtxFor(rt, resolveTenant(rt, opts.tenant)), { key_id: keyId })
      console.log(`Key ${out.api_key.id} revoked at ${out.api_key.revoked_at}.`)
    }),
  )

export const keysCommand = new Command('keys').description('Create, list and revoke API keys.').addCommand(create).addCommand(list).addCommand(revoke)
