import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { Int } from '../../kernel/schemas'
import { listOffices } from './office-queries'
import { Office, toOffice } from './office-model'

/** The company's offices (the operator's `workforce offices list`). */
export const listOfficesOp = defineOperation({
  name: 'list_offices',
  title: 'List offices',
  description: 'The offices of the company with their geofence (centre, radius) and clock-in policy, by name.',
  access: { role: 'admin' },
  input: t.Object({}),
  output: t.Object({ data: t.Array(Office), count: Int({ minimum: 0 }) }),
  run(ctx) {
    const data = listOffices(ctx).map(toOffice)
    return { data, count: data.length }
  },
})
