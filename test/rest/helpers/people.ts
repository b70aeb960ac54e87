/**
 * People, attendance and activity for the REST tests of users, timesheets and activity. Activity
 * arrives the way desktop agents send it (the client API with the person's own live key); what no
 * API creates (past time logs, breaks) is written into the server's database like org.ts does.
 */
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { breaks, timeLogs, users } from '../../../src/db/schema'
import { createKeyFixture } from '../../helpers/fixtures'
import type { TestServer } from '../../helpers/server'
import { restClient } from './api'
import { tenantIdOf, withDb } from './org'

export const HOUR = 3_600_000
export const MINUTE = 60_000

/** A UTC date n days before today, and an instant on it. */
export const daysAgo = (n: number): string => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10)
export const at = (date: string, time: string): number => Date.parse(`${date}T${time}:00Z`)

export const emailOf = (server: TestServer, userId: string): string =>
  withDb(server, (db) => db.select({ email: users.email }).from(users).where(eq(users.id, userId)).get()!.email)

/** A REST token bound to a person: it acts with their role (and a manager sees their teams). */
export async function boundToken(server: TestServer, tenant: string, userId: string) {
  const { key } = await createKeyFixture(server, tenant, { kind: 'api', user: emailOf(server, userId), scope: 'read' })
  return restClient(server, key)
}

/** The person's own client-API key (what their desktop agent uses). */
export async function agentClient(server: TestServer, tenant: string, userId: string) {
  const { key } = await createKeyFixture(server, tenant, { kind: 'live', user: emailOf(server, userId) })
  return restClient(server, key)
}

export function addTimeLog(server: TestServer, tenant: string, userId: string, clockInAt: number, clockOutAt: number | null): string {
  const id = randomUUID()
  withDb(server, (db) =>
    db
      .insert(timeLogs)
      .values({
        id,
        tenantId: tenantIdOf(db, tenant),
        userId,
        clockInAt,
        clockOutAt,
        status: clockOutAt === null ? 'open' : 'closed',
        source: 'seed',
        createdAt: clockInAt,
      })
      .run(),
  )
  return id
}

export function addBreak(server: TestServer, tenant: string, userId: string, timeLogId: string, startedAt: number, endedAt: number | null): void {
  withDb(server, (db) =>
    db
      .insert(breaks)
      .values({ id: randomUUID(), tenantId: tenantIdOf(db, tenant), userId, timeLogId, kind: 'lunch', startedAt, endedAt })
      .run(),
  )
}

export interface Sample {
  application: string
  at: number
  seconds: number
  idle?: boolean
}

/** Uploads samples through POST /client/activity/samples, as the desktop agent would. */
export async function uploadSamples(agent: ReturnType<typeof restClient>, samples: Sample[]): Promise<void> {
  const res = await agent.post('/client/activity/samples', {
    batch_id: randomUUID(),
    samples: samples.map((s) => ({ application: s.application, started_at: new Date(s.at).toISOString(), duration_seconds: s.seconds, idle: s.idle ?? false })),
  })
  if (res.status !== 200 || res.body.rejected !== 0) throw new Error(`upload failed: ${res.status} ${res.text}`)
}
