import { afterAll, expect, test } from 'bun:test'
import { createHttpApp } from '../../src/surfaces/http'
import { tempRuntime } from '../helpers/db'

/**
 * Bun's development mode answers an error that escapes the application with a page showing the
 * error and its stack (Bun warns it leaks internals in production). Elysia turns it on unless
 * NODE_ENV is "production", which an appliance started as `./workforce serve` never sets: the
 * HTTP app turns it off itself. The tests run with NODE_ENV=test, the case that would turn it on.
 */
const rt = tempRuntime()
const app = createHttpApp(rt).listen({ port: 0, hostname: '127.0.0.1' })
afterAll(async () => {
  await app.stop()
  rt.cleanup()
})

test('the listening server is in production mode although NODE_ENV is not "production"', async () => {
  expect(process.env.NODE_ENV).not.toBe('production')
  expect(app.server?.development).toBe(false)
  // And it serves: the same server answers a real request.
  const res = await fetch(`http://127.0.0.1:${app.server!.port}/api/v1/health`)
  expect(res.status).toBe(200)
})
