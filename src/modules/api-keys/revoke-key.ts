import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { ApiKey, toApiKey } from './model'
import { getKeyInTenant, markKeyRevoked } from './queries'

export const revokeKey = defineOperation({
  name: 'revoke_api_key',
  title: 'Revoke an API key',
  description: 'Revokes a key of the tenant. It is refused from the next request on; revoking twice is harmless.',
  access: { role: 'admin', write: true },
  input: t.Object({ key_id: t.String({ minLength: 1 }) }),
  output: t.Object({ api_key: ApiKey }),
  run(ctx, input) {
    getKeyInTenant(ctx, input.key_id)
    markKeyRevoked(ctx, input.key_id)
    return { api_key: toApiKey(getKeyInTenant(ctx, input.key_id)) }
  },
})
