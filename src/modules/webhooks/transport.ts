import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import type { Cidr } from './ip-ranges'
import { parseIp } from './ip-ranges'
import type { SignedRequest } from './signing'
import { UrlRefused, bareHost, checkAddresses, checkUrlShape, resolveHost } from './url-guard'

/** What came back from one POST. `status` is null when no response arrived. */
export interface TransportResult {
  status: number | null
  /** First bytes of the body, control characters removed: untrusted, only shown to the integrator. */
  excerpt: string | null
  error: string | null
  durationMs: number
}

export interface TransportOptions {
  timeoutMs: number
  maxBodyBytes: number
  allow: readonly Cidr[]
}

// Keep-alive agents: a busy endpoint reuses its connection. Each socket was opened to an address
// the guarded lookup checked, so reuse cannot reach anything the guard would refuse.
const agents = { 'http:': new http.Agent({ keepAlive: true, maxSockets: 16 }), 'https:': new https.Agent({ keepAlive: true, maxSockets: 16 }) }

/**
 * DNS lookup that checks every resolved address before the socket connects: the address the
 * connection uses is the one checked, so a DNS answer that changes between the subscribe-time
 * check and this connection (rebinding) cannot reach a refused range.
 */
function guardedLookup(allow: readonly Cidr[]): LookupFunction {
  return (hostname, options, callback) => {
    resolveHost(hostname)
      .then((addresses) => {
        checkAddresses(hostname, addresses, allow)
        const entries = addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
        if (options?.all) callback(null, entries)
        else callback(null, entries[0]!.address, entries[0]!.family)
      })
      // The socket only reads the error (it is destroyed with it); the address is not looked at.
      .catch((e: unknown) => callback(e as NodeJS.ErrnoException, ''))
  }
}

const clean = (s: string): string => s.replace(/[^\P{C}\n\t]/gu, '').trim()

function describeError(e: unknown): string {
  if (e instanceof UrlRefused) return `refused: ${e.message}`
  const err = e as { code?: string; message?: string }
  return err.code ? `${err.code}: ${err.message ?? ''}`.trim() : (err.message ?? String(e))
}

/**
 * POSTs one signed delivery. Never follows redirects (node:http does not), stops after
 * `timeoutMs`, reads at most `maxBodyBytes` of the response, never throws.
 */
export function postWebhook(rawUrl: string, req: SignedRequest, opts: TransportOptions): Promise<TransportResult> {
  const started = performance.now()
  const elapsed = () => Math.round(performance.now() - started)
  return new Promise<TransportResult>((resolve) => {
    let url: URL
    try {
      url = checkUrlShape(rawUrl)
      const host = bareHost(url)
      if (parseIp(host)) checkAddresses(host, [host], opts.allow) // literals skip the lookup
    } catch (e) {
      return resolve({ status: null, excerpt: null, error: describeError(e), durationMs: elapsed() })
    }
    let status: number | null = null
    const chunks: Buffer[] = []
    let size = 0
    let settled = false
    const finish = (error: string | null, keepSocket = false) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      const body = Buffer.concat(chunks).subarray(0, opts.maxBodyBytes).toString('utf8')
      resolve({ status, excerpt: status === null ? null : clean(body) || null, error, durationMs: elapsed() })
      // A fully read response leaves the socket to the keep-alive pool; anything else closes it.
      if (!keepSocket) request.destroy()
    }
    const lib = url.protocol === 'https:' ? https : http
    const request = lib.request(url, {
      method: 'POST',
      headers: { ...req.headers, 'content-length': String(Buffer.byteLength(req.body)) },
      lookup: guardedLookup(opts.allow),
      agent: agents[url.protocol as 'http:' | 'https:'],
    })
    const timer = setTimeout(() => finish(status === null ? `timeout: no response within ${opts.timeoutMs / 1000} s` : null), opts.timeoutMs)
    request.on('response', (res) => {
      status = res.statusCode ?? null
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk)
        size += chunk.length
        if (size >= opts.maxBodyBytes) finish(null)
      })
      res.on('end', () => finish(null, true))
      res.on('error', () => finish(null))
    })
    request.on('error', (e) => finish(status === null ? describeError(e) : null))
    request.end(req.body)
  })
}
