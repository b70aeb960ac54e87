import { afterAll, beforeAll, describe, expect, test, setDefaultTimeout } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startServer, type TestServer } from '../helpers/server'
import { loadConfig } from '../../src/kernel/config'
import { ERROR_CODES } from '../../src/kernel/errors'
import { openRuntime } from '../../src/runtime'
import { createHttpApp } from '../../src/surfaces/http'
import { restTenant } from './helpers/api'

// Real servers and CLI processes on a shared machine: give hooks and tests room (not a timing assertion).
setDefaultTimeout(120_000)

let server: TestServer
let doc: any
let tenant: Awaited<ReturnType<typeof restTenant>>

beforeAll(async () => {
  server = await startServer()
  tenant = await restTenant(server)
  doc = await (await fetch(`${server.url}/api/v1/openapi.json`)).json()
})
afterAll(() => server.stop())

const operations = () =>
  Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })))

/** The routes the application really registers under /api/v1, as "METHOD /path/{param}". */
function appRoutes(): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'wf-routes-'))
  const rt = openRuntime(loadConfig({ dataDir: dir, logLevel: 'silent' }))
  try {
    const app = createHttpApp(rt)
    return (
      app.routes
        // The wildcard answers unknown paths (404 with the token's rate-limit window): not an endpoint.
        .filter((r) => (r.path === '/api/v1' || r.path.startsWith('/api/v1/')) && r.path !== '/api/v1/*')
        .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}').replace(/(.)\/$/, '$1')}`)
    )
  } finally {
    rt.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

describe('GET /api/v1/openapi.json', () => {
  test('is an OpenAPI 3.1 document with bearer security and the error code table', () => {
    expect(doc.openapi).toBe('3.1.0')
    expect(doc.info.version).toBe('1.6.0')
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' })
    expect(doc.security).toEqual([{ bearerAuth: [] }])
    for (const code of ERROR_CODES) expect(doc.info.description).toContain(`| \`${code}\` |`)
    expect(doc.components.schemas.ErrorCode.enum).toEqual([...ERROR_CODES])
    expect(doc.components.responses.Error429.headers['Retry-After']).toBeDefined()
    expect(doc.info.description).toContain('2000 requests per UTC hour and 10000 per UTC day')
  })

  test('lists exactly the routes the server answers under /api/v1', () => {
    const documented = operations()
      .map(({ method, path }) => `${method.toUpperCase()} ${path}`)
      .sort()
    expect(documented).toEqual([...new Set(appRoutes())].sort())
  })

  test('every documented operation is answered by the server (none is an unknown endpoint)', async () => {
    for (const { path, method } of operations()) {
      const url = path.replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000').replace(/^\/api\/v1/, '')
      const res = method === 'get' ? await tenant.rw.get(url) : await tenant.rw.call(method.toUpperCase(), url, method === 'delete' ? undefined : {})
      const unknown = res.status === 404 && res.body?.error?.message === 'No such endpoint.'
      expect(`${method} ${path} ${unknown ? 'unknown' : 'answered'}`).toBe(`${method} ${path} answered`)
    }
  })

  test('documents parameters, bodies, success and error responses and rate-limit headers of every operation', () => {
    for (const { path, method, op } of operations()) {
      expect(op.operationId).toBeString()
      expect(op.summary).toBeString()
      expect(op.tags?.length).toBe(1)
      const success = Object.keys(op.responses).filter((s) => Number(s) < 300)
      expect(success.length).toBe(1)
      expect(Object.keys(op.responses[success[0]!].headers)).toContain('X-RateLimit-Remaining-Day')
      for (const name of path.match(/\{(\w+)\}/g) ?? []) {
        expect(op.parameters.find((p: any) => p.in === 'path' && `{${p.name}}` === name)?.required).toBe(true)
      }
      if (op.tags[0] === 'meta') {
        expect(op.security).toEqual([])
        continue
      }
      // Public operations (accepting an invitation) need no key; every other one a bearer key.
      expect(op.security).toEqual(op['x-access']?.role === 'public' ? [] : [{ bearerAuth: [] }])
      for (const status of ['400', '401', '403', '404', '429', '500']) expect(op.responses[status]).toEqual({ $ref: `#/components/responses/Error${status}` })
      if (method === 'post') {
        const schema = op.requestBody.content['application/json'].schema
        expect(schema.additionalProperties).toBe(false)
        expect(Object.keys(op.requestBody.content)).toEqual(['application/json'])
      }
    }
  })

  test('lists are documented with page and page_size (max 100) and the pagination object', () => {
    const lists = operations().filter(({ op }) => op.responses['200']?.content?.['application/json']?.schema?.properties?.pagination)
    expect(lists.length).toBeGreaterThanOrEqual(13)
    for (const { op } of lists) {
      const size = op.parameters.find((p: any) => p.name === 'page_size')
      expect(size.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 100 })
      expect(op.parameters.find((p: any) => p.name === 'page').in).toBe('query')
    }
  })

  test('the pay-run download is documented as text/csv and creations as 201/202', () => {
    expect(Object.keys(doc.paths['/api/v1/payroll/pay-runs/{pay_run_id}/download'].get.responses['200'].content)).toEqual(['text/csv'])
    expect(doc.paths['/api/v1/tasks'].post.responses['201']).toBeDefined()
    expect(doc.paths['/api/v1/payroll/pay-runs'].post.responses['202']).toBeDefined()
  })
})

describe('GET /api/v1/docs and /api/v1/postman.json', () => {
  test('the docs page is self-contained HTML listing every endpoint and error code', async () => {
    const res = await fetch(`${server.url}/api/v1/docs`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toStartWith('text/html')
    const html = await res.text()
    expect(html).not.toMatch(/<script[^>]+src=/)
    for (const { path } of operations()) expect(html).toContain(`<code>${path}</code>`)
    for (const code of ERROR_CODES) expect(html).toContain(`<code>${code}</code>`)
  })

  test('the Postman collection has one request per operation, bearer auth and variables', async () => {
    const res = await fetch(`${server.url}/api/v1/postman.json`)
    expect(res.status).toBe(200)
    const collection: any = await res.json()
    expect(collection.info.schema).toBe('https://schema.getpostman.com/json/collection/v2.1.0/collection.json')
    expect(collection.auth).toEqual({ type: 'bearer', bearer: [{ key: 'token', value: '{{token}}', type: 'string' }] })
    expect(collection.variable.map((v: any) => v.key)).toEqual(['baseUrl', 'token'])
    const requests = collection.item.flatMap((folder: any) => folder.item)
    expect(requests).toHaveLength(operations().length)
    const createTask = requests.find((r: any) => r.request.method === 'POST' && r.request.url.path.join('/') === 'api/v1/tasks')
    expect(JSON.parse(createTask.request.body.raw)).toEqual({ title: 'string' })
    const getTask = requests.find((r: any) => r.request.method === 'GET' && r.request.url.path.join('/') === 'api/v1/tasks/:task_id')
    expect(getTask.request.url.variable.map((v: any) => v.key)).toEqual(['task_id'])
  })
})
