import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { totpCode } from '../../src/modules/security/totp'
import type { TestServer } from '../helpers/server'
import { serviceSignatureValid, standardWebhooksVerify, startReceiver, type Receiver } from '../webhooks/receiver'
import { api, restTenant, startWebhookServer, type RestTenant } from '../webhooks/setup'

// Real servers restarted on the same and on a copied data directory: generous per-test time.
setDefaultTimeout(120_000)

const dataDir = mkdtempSync(join(tmpdir(), 'wf-stored-secrets-'))
const copyDir = mkdtempSync(join(tmpdir(), 'wf-stored-secrets-copy-'))
let server: TestServer
let receiver: Receiver

beforeAll(async () => {
  server = await startWebhookServer({ dataDir, keepData: true })
  receiver = startReceiver()
})
afterAll(async () => {
  receiver.stop()
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(copyDir, { recursive: true, force: true })
})

/** The database file and its WAL as bytes, as someone holding a copy of them would read them. */
function databaseBytes(dir: string): string {
  const file = join(dir, 'workforce.db')
  return [file, `${file}-wal`]
    .filter(existsSync)
    .map((f) => readFileSync(f).toString('latin1'))
    .join('')
}

/** The given secrets (and the base64 part of a whsec_ one) that can be found in those bytes. */
function foundIn(dir: string, secrets: string[]): string[] {
  const bytes = databaseBytes(dir)
  return secrets.flatMap((s) => (s.startsWith('whsec_') ? [s, s.slice('whsec_'.length)] : [s])).filter((s) => bytes.includes(s))
}

function column(dir: string, sql: string, id: string): string | null {
  const db = new Database(join(dir, 'workforce.db'), { readonly: true })
  try {
    return (db.query(sql).get(id) as { v: string | null } | null)?.v ?? null
  } finally {
    db.close()
  }
}
const storedSigningSecret = (dir: string, id: string) => column(dir, 'select secret as v from webhook_subscriptions where id = ?', id)
const storedTotpSecret = (dir: string, userId: string) => column(dir, 'select two_factor_secret as v from users where id = ?', userId)

const client =
  (key: string) =>
  (path: string, body: unknown = {}) =>
    fetch(`${server.url}/api/v1/client${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify(body),
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as Record<string, any> })) // eslint-disable-line @typescript-eslint/no-explicit-any

/** Sends the test event and returns the delivery the server reports. */
async function sendTest(t: RestTenant, subscriptionId: string) {
  const res = await api(server, t.token).post(`/webhooks/${subscriptionId}/test`)
  expect(res.status).toBe(200)
  return res.body.delivery as { status: string; last_error: string | null; response_status: number | null }
}

let tenant: RestTenant
let subscriptionId = ''
let signingSecret = ''
let totpSecret = ''

describe('webhook signing secrets and TOTP secrets at rest', () => {
  test('are stored encrypted: neither is in the database file or its WAL, and both still work', async () => {
    tenant = await restTenant(server)
    const sub = await api(server, tenant.token).post('/webhooks/subscribe', { url: receiver.url })
    expect(sub.status).toBe(201)
    subscriptionId = sub.body.id
    const first = sub.body.secret as string
    const rotated = await api(server, tenant.token).post(`/webhooks/${subscriptionId}/rotate-secret`)
    expect(rotated.status).toBe(200)
    signingSecret = rotated.body.secret
    expect(signingSecret).toStartWith('whsec_')

    const enrolled = await client(tenant.ownerKey)('/me/2fa/enroll')
    expect(enrolled.status).toBe(200)
    totpSecret = enrolled.body.secret
    const confirmed = await client(tenant.ownerKey)('/me/2fa/confirm', { code: totpCode(totpSecret, Date.now()) })
    expect([confirmed.status, confirmed.body.enabled]).toEqual([200, true])

    // Deliveries verify with the secret the rotation returned, not with the first one.
    expect(await sendTest(tenant, subscriptionId)).toMatchObject({ status: 'succeeded', response_status: 200 })
    const rec = receiver.received.at(-1)!
    expect(serviceSignatureValid(signingSecret, rec)).toBe(true)
    expect(standardWebhooksVerify(signingSecret, rec)).toMatchObject({ event: 'webhook.test' })
    expect(serviceSignatureValid(first, rec)).toBe(false)

    // Neither secret, as returned or in part, is in the files; the rows hold sealed values.
    expect(foundIn(dataDir, [first, signingSecret, totpSecret])).toEqual([])
    expect(storedSigningSecret(dataDir, subscriptionId)).toStartWith('v1:')
    expect(storedTotpSecret(dataDir, tenant.ownerUserId)).toStartWith('v1:')
  })

  test('a copy of the database without its instance.secret cannot sign deliveries or check codes', async () => {
    await server.stop()
    for (const f of ['workforce.db', 'workforce.db-wal']) if (existsSync(join(dataDir, f))) copyFileSync(join(dataDir, f), join(copyDir, f))
    expect(existsSync(join(copyDir, 'instance.secret'))).toBe(false)
    server = await startWebhookServer({ dataDir: copyDir, keepData: true })
    const before = receiver.received.length

    const delivery = await sendTest(tenant, subscriptionId)
    expect(delivery).toMatchObject({ status: 'pending', response_status: null })
    expect(delivery.last_error).toContain('cannot be decrypted with this instance secret')
    expect(receiver.received.length).toBe(before)

    const refused = await client(tenant.ownerKey)('/me/2fa/disable', { code: totpCode(totpSecret, Date.now()) })
    expect(refused.status).toBe(409)
    expect(refused.body.error).toMatchObject({ code: 'conflict', details: { reason: 'two_factor_secret_unreadable' } })
    await server.stop()

    // The original data directory, with its instance.secret, still reads both after a restart.
    server = await startWebhookServer({ dataDir, keepData: true })
    expect(await sendTest(tenant, subscriptionId)).toMatchObject({ status: 'succeeded' })
    expect(serviceSignatureValid(signingSecret, receiver.received.at(-1)!)).toBe(true)
    const disabled = await client(tenant.ownerKey)('/me/2fa/disable', { code: totpCode(totpSecret, Date.now()) })
    expect([disabled.status, disabled.body.enabled]).toEqual([200, false])
  })

  test('secrets stored in clear by an earlier release are encrypted at start and keep working', async () => {
    // Rows as a release before encryption left them: written in clear, straight into the file.
    await server.stop()
    const legacySigning = `whsec_${Buffer.from('legacy signing secret of 32 byte').toString('base64')}`
    const legacyTotp = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
    const db = new Database(join(dataDir, 'workforce.db'))
    db.query('update webhook_subscriptions set secret = ? where id = ?').run(legacySigning, subscriptionId)
    db.query('update users set two_factor_secret = ?, two_factor_enabled_at = ? where id = ?').run(legacyTotp, Date.now(), tenant.ownerUserId)
    db.close()
    expect(foundIn(dataDir, [legacySigning, legacyTotp]).length).toBeGreaterThan(0)

    server = await startWebhookServer({ dataDir, keepData: true })
    expect(foundIn(dataDir, [legacySigning, legacyTotp])).toEqual([])
    const sealedSigning = storedSigningSecret(dataDir, subscriptionId)
    const sealedTotp = storedTotpSecret(dataDir, tenant.ownerUserId)
    expect(sealedSigning).toStartWith('v1:')
    expect(sealedTotp).toStartWith('v1:')

    expect(await sendTest(tenant, subscriptionId)).toMatchObject({ status: 'succeeded' })
    expect(serviceSignatureValid(legacySigning, receiver.received.at(-1)!)).toBe(true)

    // Idempotent: another start leaves sealed rows as they are.
    await server.stop()
    server = await startWebhookServer({ dataDir, keepData: true })
    expect(storedSigningSecret(dataDir, subscriptionId)).toBe(sealedSigning)
    expect(storedTotpSecret(dataDir, tenant.ownerUserId)).toBe(sealedTotp)
    const disabled = await client(tenant.ownerKey)('/me/2fa/disable', { code: totpCode(legacyTotp, Date.now()) })
    expect([disabled.status, disabled.body.enabled]).toEqual([200, false])
  })
})
