import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { ApiKey, toApiKey } from './model'
import { listKeysInTenant } from './queries'

export const listKeys = defineOperation({
  name: 'list_api_keys',
  title: 'List API keys',
  description: 'Lists the keys of the tenant: prefixes, kinds, roles, expiry, revocation and last use. Never the secrets.',
  access: { role: 'admin' },
  input: t.Object({}),
  output: t.Object({ keys: t.Array(ApiKey) }),
  run(ctx) {
    return { keys: listKeysInTenant(ctx).map(toApiKey) }
  },
})
