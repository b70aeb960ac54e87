import { and, between, desc, eq, gte, isNull, lte, or, sql, type SQL } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import { locationPings } from './schema'

export type LocationPingRow = typeof locationPings.$inferSelect
export type NewLocationPing = Omit<typeof locationPings.$inferInsert, 'id' | 'tenantId'>

const p = locationPings

/** Pings at least this precise (or of unknown precision) decide geofence transitions. */
const usable = (maxAccuracyMeters: number): SQL => or(isNull(p.accuracyMeters), lte(p.accuracyMeters, maxAccuracyMeters))!

const ofUserSince = (ctx: TenantScope, userId: string, since: number) => and(eq(p.tenantId, ctx.tenant.id), eq(p.userId, userId), gte(p.recordedAt, since))

/** recorded_at of the user's stored pings between two instants: how a retried upload is recognised. */
export function pingTimesBetween(ctx: TenantScope, userId: string, from: number, to: number): Set<number> {
  const rows = ctx.db
    .select({ at: p.recordedAt })
    .from(p)
    .where(and(eq(p.tenantId, ctx.tenant.id), eq(p.userId, userId), between(p.recordedAt, from, to)))
    .all()
  return new Set(rows.map((r) => r.at))
}

export function insertLocationPings(ctx: TenantScope, rows: NewLocationPing[]): void {
  for (let i = 0; i < rows.length; i += 500) {
    ctx.db
      .insert(p)
      .values(rows.slice(i, i + 500).map((r) => ({ ...r, tenantId: ctx.tenant.id })))
      .run()
  }
}

/** The user's latest usable ping since an instant (the start of the work session). */
export const lastUsablePing = (ctx: TenantScope, userId: string, since: number, maxAccuracyMeters: number): LocationPingRow | null =>
  ctx.db
    .select()
    .from(p)
    .where(and(ofUserSince(ctx, userId, since), usable(maxAccuracyMeters)))
    .orderBy(desc(p.recordedAt), desc(p.id))
    .get() ?? null

/**
 * When the user's current stretch outside every geofence began: the first usable outside ping
 * after their last usable inside ping (both since the start of the work session).
 */
export function outsideStretchStart(ctx: TenantScope, userId: string, since: number, maxAccuracyMeters: number): number | null {
  const lastInside = ctx.db
    .select({ at: sql<number>`max(${p.recordedAt})` })
    .from(p)
    .where(and(ofUserSince(ctx, userId, since), usable(maxAccuracyMeters), eq(p.insideGeofence, true)))
    .get()?.at
  const row = ctx.db
    .select({ at: sql<number | null>`min(${p.recordedAt})` })
    .from(p)
    .where(and(ofUserSince(ctx, userId, lastInside == null ? since : lastInside + 1), usable(maxAccuracyMeters), eq(p.insideGeofence, false)))
    .get()
  return row?.at ?? null
}
