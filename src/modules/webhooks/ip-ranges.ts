import { isIP } from 'node:net'

/**
 * IP addresses as 16 bytes (IPv4 mapped into ::ffff:0:0/96) and CIDR matching, so one code path
 * checks both families. Pure functions: the webhook URL guard and its unit tests use them.
 */
export interface Cidr {
  bytes: Uint8Array
  bits: number
  text: string
}

function parseV4(s: string): Uint8Array | null {
  const parts = s.split('.')
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return null
  const out = new Uint8Array(16)
  out[10] = 0xff
  out[11] = 0xff
  for (const [i, p] of parts.entries()) out[12 + i] = Number(p)
  return out
}

function parseV6(s: string): Uint8Array | null {
  let text = s.replace(/%.*$/, '') // zone id (fe80::1%eth0)
  const out = new Uint8Array(16)
  const v4tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)
  if (v4tail) {
    const v4 = parseV4(v4tail[1]!)
    if (!v4) return null
    const hex = (i: number) => ((v4[i]! << 8) | v4[i + 1]!).toString(16)
    text = `${text.slice(0, -v4tail[1]!.length)}${hex(12)}:${hex(14)}`
  }
  const halves = text.split('::')
  if (halves.length > 2) return null
  const head = halves[0] ? halves[0].split(':') : []
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : []
  const missing = 8 - head.length - tail.length
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail]
  for (const [i, g] of groups.entries()) {
    if (!/^[0-9a-f]{1,4}$/i.test(g)) return null
    const n = Number.parseInt(g, 16)
    out[i * 2] = n >> 8
    out[i * 2 + 1] = n & 0xff
  }
  return out
}

/** 16 bytes for an IPv4 or IPv6 literal (brackets allowed), or null when it is not one. */
export function parseIp(input: string): Uint8Array | null {
  const s = input.replace(/^\[|\]$/g, '')
  const family = isIP(s.replace(/%.*$/, ''))
  if (family === 4) return parseV4(s)
  if (family === 6) return parseV6(s)
  return null
}

/** Parses "10.0.0.0/8", "fc00::/7" or a bare address (a /32 or /128). Null when malformed. */
export function parseCidr(text: string): Cidr | null {
  const [addr, len] = text.trim().split('/')
  const bytes = parseIp(addr ?? '')
  if (!bytes) return null
  const v4 = isIP((addr ?? '').replace(/^\[|\]$/g, '')) === 4
  const max = v4 ? 32 : 128
  const n = len === undefined ? max : Number(len)
  if (!Number.isInteger(n) || n < 0 || n > max || (len !== undefined && !/^\d+$/.test(len))) return null
  return { bytes, bits: v4 ? n + 96 : n, text: text.trim() }
}

function inCidr(ip: Uint8Array, cidr: Cidr): boolean {
  for (let bit = 0; bit < cidr.bits; bit += 8) {
    const take = Math.min(8, cidr.bits - bit)
    const mask = (0xff << (8 - take)) & 0xff
    if ((ip[bit / 8]! & mask) !== (cidr.bytes[bit / 8]! & mask)) return false
  }
  return true
}

const ranges = (kind: string, list: string[]) => list.map((c) => ({ kind, cidr: parseCidr(c)! }))

/**
 * Addresses a webhook may not reach unless the operator allow-lists them (DECISIONS.md: loopback,
 * link-local, metadata and private; also unspecified, multicast, reserved and NAT64/6to4 wrappers
 * of them). Order matters: the first match names the reason.
 */
const BLOCKED_RANGES: { kind: string; cidr: Cidr }[] = [
  ...ranges('cloud metadata', ['169.254.169.254/32', 'fd00:ec2::254/128', '100.100.100.200/32']),
  ...ranges('loopback', ['127.0.0.0/8', '::1/128']),
  ...ranges('unspecified', ['0.0.0.0/8', '::/128']),
  ...ranges('link-local', ['169.254.0.0/16', 'fe80::/10']),
  ...ranges('private', ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7']),
  ...ranges('shared address space (carrier-grade NAT)', ['100.64.0.0/10']),
  ...ranges('multicast', ['224.0.0.0/4', 'ff00::/8']),
  ...ranges('reserved', ['240.0.0.0/4', '192.0.0.0/24', '192.0.2.0/24', '198.18.0.0/15', '198.51.100.0/24', '203.0.113.0/24', '2001:db8::/32', '100::/64']),
  ...ranges('IPv4 translation prefix', ['64:ff9b::/96', '64:ff9b:1::/48', '2002::/16']),
]

/** Why an address is refused (e.g. "loopback"), or null when it may be reached. */
export function blockedReason(address: string, allow: readonly Cidr[]): string | null {
  const ip = parseIp(address)
  if (!ip) return 'not an IP address'
  if (allow.some((c) => inCidr(ip, c))) return null
  return BLOCKED_RANGES.find((r) => inCidr(ip, r.cidr))?.kind ?? null
}
