import { isIP } from 'node:net'
import type { RuntimeConfig } from '../kernel/config'

/**
 * The DNS rebinding guard. A page on attacker.example whose name later resolves to 127.0.0.1 makes
 * the browser send `Host: attacker.example` (and `Origin: http://attacker.example`) to this box: the
 * request is same-origin for the browser, so only the server can refuse it. Every request's Host
 * must name a host this box answers to, and a browser's Origin must name one of them too (or be
 * listed in WORKFORCE_ALLOWED_ORIGINS); an Origin is never trusted for equalling the request's Host.
 *
 * The hosts the box answers to:
 * - loopback names (`localhost`, `*.localhost`, `127.0.0.0/8`, `[::1]`) when bound to loopback or to
 *   every address (0.0.0.0, ::), which includes loopback;
 * - the bound address itself when it is a specific one;
 * - the host of the configured public URL (WORKFORCE_PUBLIC_URL / --public-url);
 * - WORKFORCE_ALLOWED_HOSTS: `name`, `.example.com` (that domain and its subdomains) or `*` (any Host:
 *   turns the Host check off, for proxies that rewrite Host; Origins are still checked).
 * When bound to every address, an IP literal Host passes too: a rebinding attack needs a name, and
 * the box answers on all its addresses. An IP literal Origin still has to be listed.
 */

export type GuardRefusal = { code: 'host_not_allowed'; host: string; message: string } | { code: 'origin_not_allowed'; origin: string; message: string }

interface HostPolicy {
  names: Set<string>
  suffixes: string[]
  loopback: boolean
  anyHost: boolean
  anyIpHost: boolean
  origins: Set<string>
  anyOrigin: boolean
  /** Host header values already judged under this policy (a client sends the same one every time). */
  hostVerdicts: Map<string, boolean>
}

/** Distinct Host values remembered per policy; past this the memory starts over (any Host may be sent). */
const MAX_HOST_VERDICTS = 64

const WILDCARD_BINDS = new Set(['0.0.0.0', '::', '[::]', ''])

/** What a Host header may look like: a name or IPv4 address, or a bracketed IPv6 one, and a port. */
const HOST_SYNTAX = /^(?:[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i

/** Lower-case host name without port; IPv6 literals in brackets; null when not a host. */
export function hostnameOf(hostOrUrl: string): string | null {
  const raw = hostOrUrl.trim()
  if (!raw) return null
  if (!raw.includes('://') && !HOST_SYNTAX.test(raw)) return null
  try {
    const url = new URL(raw.includes('://') ? raw : `http://${raw}`)
    return url.hostname.replace(/\.$/, '').toLowerCase() || null
  } catch {
    return null
  }
}

const unbracket = (h: string) => h.replace(/^\[|\]$/g, '')
const isLoopbackName = (h: string) => h === 'localhost' || h.endsWith('.localhost') || h === '[::1]' || (isIP(h) === 4 && h.startsWith('127.'))
const isIpLiteral = (h: string) => isIP(unbracket(h)) !== 0
const normalizeOrigin = (o: string) => o.trim().replace(/\/+$/, '').toLowerCase()

function policyOf(config: GuardConfig): HostPolicy {
  const bind = config.host.trim().toLowerCase()
  const wildcard = WILDCARD_BINDS.has(bind)
  const boundHost = wildcard ? null : hostnameOf(bind.includes(':') && !bind.startsWith('[') ? `[${bind}]` : bind)
  const policy: HostPolicy = {
    names: new Set(),
    suffixes: [],
    loopback: wildcard || (boundHost !== null && isLoopbackName(boundHost)),
    anyHost: false,
    anyIpHost: wildcard,
    origins: new Set(),
    anyOrigin: false,
    hostVerdicts: new Map(),
  }
  if (boundHost) policy.names.add(boundHost)
  const publicHost = hostnameOf(config.publicUrl)
  if (publicHost) policy.names.add(publicHost)
  for (const entry of config.allowedHosts) {
    const e = entry.trim().toLowerCase()
    if (e === '*') policy.anyHost = true
    else if (e.startsWith('.')) policy.suffixes.push(e.replace(/\.$/, ''))
    else {
      const h = hostnameOf(e)
      if (h) policy.names.add(h)
    }
  }
  for (const o of config.allowedOrigins) {
    if (o.trim() === '*') policy.anyOrigin = true
    else policy.origins.add(normalizeOrigin(o))
  }
  return policy
}

/** A host name this box answers to (no IP-literal allowance: that one is for Host only). */
function knownHost(p: HostPolicy, h: string): boolean {
  if (p.names.has(h)) return true
  if (p.loopback && isLoopbackName(h)) return true
  return p.suffixes.some((s) => h === s.slice(1) || h.endsWith(s))
}

type GuardConfig = Pick<RuntimeConfig, 'host' | 'publicUrl' | 'allowedHosts' | 'allowedOrigins'>
let cached: { from: GuardConfig; policy: HostPolicy } | null = null

/** The policy of this configuration; recomputed when the public URL (set after listen) or a list changes. */
function policyFor(config: GuardConfig): HostPolicy {
  const c = cached?.from
  if (c && c.host === config.host && c.publicUrl === config.publicUrl && c.allowedHosts === config.allowedHosts && c.allowedOrigins === config.allowedOrigins) {
    return cached!.policy
  }
  const policy = policyOf(config)
  cached = { from: { host: config.host, publicUrl: config.publicUrl, allowedHosts: config.allowedHosts, allowedOrigins: config.allowedOrigins }, policy }
  return policy
}

/** Why this request may not be served (Host first, then Origin), or null when it may. */
export function checkHostAndOrigin(config: GuardConfig, headers: Headers): GuardRefusal | null {
  const p = policyFor(config)
  const hostHeader = headers.get('host')
  // HTTP/1.1 requires Host and every browser sends it; a client without one is not a browser.
  if (hostHeader !== null && !p.anyHost) {
    let allowed = p.hostVerdicts.get(hostHeader)
    if (allowed === undefined) {
      const h = hostnameOf(hostHeader)
      allowed = h !== null && (knownHost(p, h) || (p.anyIpHost && isIpLiteral(h)))
      if (p.hostVerdicts.size >= MAX_HOST_VERDICTS) p.hostVerdicts.clear()
      p.hostVerdicts.set(hostHeader, allowed)
    }
    if (!allowed) {
      const shown = hostHeader.slice(0, 200)
      return {
        code: 'host_not_allowed',
        host: shown,
        message: `This server does not answer to host "${shown}". Use its own address or public URL, or add the host to WORKFORCE_ALLOWED_HOSTS.`,
      }
    }
  }
  const origin = headers.get('origin')
  if (origin === null || p.anyOrigin) return null
  const normalized = normalizeOrigin(origin)
  if (p.origins.has(normalized)) return null
  // `Origin: null` (sandboxed frames, file: pages, cross-origin redirects) names no host to trust.
  const authority = /^https?:\/\/(.+)$/.exec(normalized)?.[1]
  const h = authority === undefined ? null : hostnameOf(authority)
  if (h !== null && knownHost(p, h)) return null
  const shown = origin.slice(0, 200)
  return {
    code: 'origin_not_allowed',
    origin: shown,
    message: `Requests from the browser origin "${shown}" are not allowed. Add it to WORKFORCE_ALLOWED_ORIGINS (or its host to WORKFORCE_ALLOWED_HOSTS).`,
  }
}
