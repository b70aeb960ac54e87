import { expect } from 'bun:test'
import type { TestServer } from '../../helpers/server'

export interface ApiResponse<T = any> {
  status: number
  headers: Headers
  body: T
  text: string
}

/** A small REST client over real HTTP: JSON in, JSON (or text) out, bearer token if given. */
export function restClient(server: TestServer, token?: string) {
  const call = async <T = any>(method: string, path: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<ApiResponse<T>> => {
    const headers: Record<string, string> = { ...extraHeaders }
    if (token) headers.authorization = `Bearer ${token}`
    if (body !== undefined) headers['content-type'] = 'application/json'
    const res = await fetch(`${server.url}/api/v1${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    })
    const text = await res.text()
    let parsed: unknown = text
    if ((res.headers.get('content-type') ?? '').includes('json')) parsed = JSON.parse(text)
    return { status: res.status, headers: res.headers, body: parsed as T, text }
  }
  return {
    get: <T = any>(path: string) => call<T>('GET', path),
    post: <T = any>(path: string, body?: unknown, headers?: Record<string, string>) => call<T>('POST', path, body ?? {}, headers),
    call,
  }
}

export type RestClient = ReturnType<typeof restClient>

/** The X-RateLimit-* headers of a response as numbers. */
export function rateHeaders(h: Headers) {
  const n = (k: string) => Number(h.get(k))
  return {
    limitHour: n('x-ratelimit-limit-hour'),
    remainingHour: n('x-ratelimit-remaining-hour'),
    resetHour: n('x-ratelimit-reset-hour'),
    limitDay: n('x-ratelimit-limit-day'),
    remainingDay: n('x-ratelimit-remaining-day'),
    resetDay: n('x-ratelimit-reset-day'),
  }
}

export const RATE_HEADER_NAMES = [
  'x-ratelimit-limit-hour',
  'x-ratelimit-remaining-hour',
  'x-ratelimit-reset-hour',
  'x-ratelimit-limit-day',
  'x-ratelimit-remaining-day',
  'x-ratelimit-reset-day',
]

/** Asserts the shape of a paginated list response. */
export function expectPage(body: any) {
  expect(Array.isArray(body.data)).toBe(true)
  expect(body.pagination).toMatchObject({ page: expect.any(Number), page_size: expect.any(Number), total: expect.any(Number), has_more: expect.any(Boolean) })
  expect('next_page' in body.pagination).toBe(true)
}

/** A tenant on the Business plan with an admin REST token of each scope. */
export async function restTenant(server: TestServer, opts: { plan?: string } = {}) {
  const { createTenantFixture, createKeyFixture } = await import('../../helpers/fixtures')
  const tenant = await createTenantFixture(server, opts.plan ? { plan: opts.plan } : {})
  const write = await createKeyFixture(server, tenant.tenant, { kind: 'api', role: 'admin', scope: 'read_write' })
  const read = await createKeyFixture(server, tenant.tenant, { kind: 'api', role: 'admin', scope: 'read' })
  return { ...tenant, writeKey: write.key, readKey: read.key, rw: restClient(server, write.key), ro: restClient(server, read.key) }
}
