import { createHmac } from 'node:crypto'
import { Webhook } from 'standardwebhooks'
import type { Server } from 'bun'

/** One request a test receiver got: raw body bytes as text, lower-cased headers, parsed envelope. */
export interface Received {
  at: number
  path: string
  headers: Record<string, string>
  body: string
  envelope: { id: string; event: string; timestamp: string; tenant: string; data: Record<string, unknown> }
}

export type Responder = (req: Received) => Response | Promise<Response>

/** A real HTTP receiver on 127.0.0.1 that records every delivery and answers as the test says. */
export interface Receiver {
  url: string
  port: number
  received: Received[]
  /** Changes how the receiver answers from now on (default: 200 "ok"). */
  respond(fn: Responder): void
  /** Deliveries of one event type (or of any type when omitted). */
  of(event?: string): Received[]
  /** Waits until `predicate` holds over the received list. */
  waitFor(predicate: (all: Received[]) => boolean, timeoutMs?: number): Promise<Received[]>
  stop(): void
}

export function startReceiver(): Receiver {
  const received: Received[] = []
  let responder: Responder = () => new Response('ok')
  const server: Server<undefined> = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request) {
      const body = await request.text()
      const headers: Record<string, string> = {}
      for (const [k, v] of request.headers) headers[k] = v
      const rec: Received = { at: Date.now(), path: new URL(request.url).pathname, headers, body, envelope: JSON.parse(body) }
      received.push(rec)
      return responder(rec)
    },
  })
  return {
    url: `http://127.0.0.1:${server.port}/hooks`,
    port: server.port!,
    received,
    respond: (fn) => (responder = fn),
    of: (event) => (event ? received.filter((r) => r.envelope.event === event) : received),
    async waitFor(predicate, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs
      while (!predicate(received)) {
        if (Date.now() > deadline)
          throw new Error(`receiver: condition not met in ${timeoutMs} ms; got ${received.map((r) => r.envelope.event).join(', ') || 'nothing'}`)
        await Bun.sleep(25)
      }
      return received
    },
    stop: () => void server.stop(true),
  }
}

/** The X-Service-Signature check a receiver would write: HMAC-SHA256 of the raw body, hex. */
export function serviceSignatureValid(secret: string, rec: Received): boolean {
  return rec.headers['x-service-signature'] === `sha256=${createHmac('sha256', secret).update(rec.body).digest('hex')}`
}

/** The official Standard Webhooks verifier (checks the timestamp against real time too). */
export function standardWebhooksVerify(secret: string, rec: Received): unknown {
  return new Webhook(secret).verify(rec.body, rec.headers)
}

/** Standard Webhooks signature check without the 5-minute timestamp tolerance (for jumped clocks). */
export function standardSignatureValid(secret: string, rec: Received): boolean {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64')
  const signed = `${rec.headers['webhook-id']}.${rec.headers['webhook-timestamp']}.${rec.body}`
  return rec.headers['webhook-signature'] === `v1,${createHmac('sha256', key).update(signed).digest('base64')}`
}
