import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { join } from 'node:path'
import { startServer, type TestServer } from '../helpers/server'

/**
 * Issue 12 item 17: health said only "reachable". It now says whether the database is writable,
 * the job lag (oldest overdue next_run_at in job_state) and the version, and readiness is its own
 * endpoint. This server runs without jobs, so an overdue job stays overdue while the test looks.
 */

let server: TestServer
beforeAll(async () => {
  server = await startServer({ args: ['--no-jobs'] })
})
afterAll(async () => {
  await server?.stop()
})

describe('health and readiness', () => {
  test('health reports version, a writable database, available storage and no job lag', async () => {
    for (const path of ['/api/v1/health', '/api/mcp/v1/health']) {
      const res = await fetch(`${server.url}${path}`)
      expect(res.status).toBe(200)
      const body = (await res.json()) as Record<string, unknown>
      expect(body).toMatchObject({ status: 'ok', version: expect.any(String), database: 'reachable', writable: true, storage: 'available' })
      expect(body.jobs).toEqual({ enabled: false, lag_seconds: 0, oldest_overdue: null })
    }
  })

  test('job lag is the oldest overdue next_run_at in job_state', async () => {
    const due = Date.now() - 3_600_000
    const db = new Database(join(server.dataDir, 'workforce.db'))
    try {
      db.exec('PRAGMA busy_timeout = 5000')
      db.query('INSERT INTO job_state (job_name, next_run_at) VALUES (?, ?) ON CONFLICT (job_name) DO UPDATE SET next_run_at = excluded.next_run_at').run(
        'rate-limits.prune',
        due,
      )
      db.query('INSERT INTO job_state (job_name, next_run_at) VALUES (?, ?) ON CONFLICT (job_name) DO UPDATE SET next_run_at = excluded.next_run_at').run(
        'notifications.send_emails',
        due + 1_800_000,
      )
    } finally {
      db.close()
    }
    const body = (await (await fetch(`${server.url}/api/v1/health`)).json()) as { status: string; jobs: Record<string, any> }
    expect(body.jobs.oldest_overdue).toEqual({ job: 'rate-limits.prune', due_at: new Date(due).toISOString() })
    expect(body.jobs.lag_seconds).toBeGreaterThanOrEqual(3600)
    // Jobs do not run in this process (--no-jobs): the lag is reported, not counted against it.
    expect(body.status).toBe('ok')
  })

  test('readiness answers 200 with ready: true when the database takes writes', async () => {
    const res = await fetch(`${server.url}/api/v1/ready`)
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ ready: true, writable: true, storage: 'available' })
  })
})
