import { integer, text } from 'drizzle-orm/sqlite-core'
import { tenants } from '../modules/tenants/schema'

/** Column helpers every module schema shares, so conventions stay identical across tables. */
export const uuidPk = () => text('id').primaryKey()
/** Every tenant table starts with this; its indexes lead with it. */
export const tenantRef = () =>
  integer('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' })
/** Instants are stored as integer ms since epoch (UTC). */
export const instant = (name: string) => integer(name)
export const flag = (name: string) => integer(name, { mode: 'boolean' })
/** Tenant-local calendar date, YYYY-MM-DD. */
export const localDay = (name: string) => text(name)
