import { isIP } from 'node:net'
import ipaddr from 'ipaddr.js'

/**
 * Which addresses a webhook may reach, on ipaddr.js (parsing, CIDR matching and the IANA
 * special-purpose ranges) rather than hand parsing. IPv6 forms that carry an IPv4 address are
 * judged by that address: IPv4-mapped (::ffff:0:0/96, e.g. ::ffff:127.0.0.1 or ::ffff:7f00:1) and
 * IPv4-compatible (::/96, e.g. ::127.0.0.1). Pure functions: the URL guard and its tests use them.
 */
export type Ip = ipaddr.IPv4 | ipaddr.IPv6

export interface Cidr {
  address: Ip
  /** Prefix length in the address's own family (0–32 for IPv4, 0–128 for IPv6). */
  bits: number
  text: string
}

const stripBrackets = (s: string): string => s.replace(/^\[|\]$/g, '')
const stripZone = (s: string): string => s.replace(/%.*$/, '') // fe80::1%eth0

/** An IPv4 or IPv6 literal (brackets and zone id allowed), or null when it is not one. Strict: no 0x7f.1 or 2130706433. */
export function parseIp(input: string): Ip | null {
  const s = stripZone(stripBrackets(input.trim()))
  if (isIP(s) === 0) return null
  try {
    return ipaddr.parse(s)
  } catch {
    return null
  }
}

/** The IPv4 address an IPv6 address stands for (mapped or compatible), else the address itself. */
export function effectiveAddress(ip: Ip): Ip {
  if (ip.kind() === 'ipv4') return ip
  const v6 = ip as ipaddr.IPv6
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address()
  // IPv4-compatible ::/96 (deprecated by RFC 4291 but still routed by some stacks); :: and ::1 keep their own meaning.
  const range = v6.range()
  if (range !== 'unspecified' && range !== 'loopback' && v6.parts.slice(0, 6).every((p) => p === 0)) {
    const [hi, lo] = [v6.parts[6]!, v6.parts[7]!]
    return new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff])
  }
  return ip
}

/** Parses "10.0.0.0/8", "fc00::/7" or a bare address (a /32 or /128). Null when malformed. */
export function parseCidr(text: string): Cidr | null {
  const trimmed = text.trim()
  const parts = trimmed.split('/')
  if (parts.length > 2) return null
  const address = parseIp(parts[0] ?? '')
  if (!address || (address.kind() === 'ipv6' && (address as ipaddr.IPv6).zoneId)) return null
  const max = address.kind() === 'ipv4' ? 32 : 128
  const len = parts[1]
  if (len !== undefined && !/^\d{1,3}$/.test(len)) return null
  const bits = len === undefined ? max : Number(len)
  if (bits > max) return null
  // An IPv4-mapped range (::ffff:10.0.0.0/104) is the IPv4 range it maps, as addresses are.
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96) {
    return { address: (address as ipaddr.IPv6).toIPv4Address(), bits: bits - 96, text: trimmed }
  }
  return { address, bits, text: trimmed }
}

const inCidr = (ip: Ip, cidr: Cidr): boolean => ip.kind() === cidr.address.kind() && ip.match(cidr.address, cidr.bits)

/** Named before the library's ranges: the first match names the reason. */
const CLOUD_METADATA = ['169.254.169.254', 'fd00:ec2::254', '100.100.100.200'].map((a) => parseCidr(a)!)

/** The reason shown for each special-purpose range of ipaddr.js; any other name is shown as is. */
const RANGE_REASONS: Record<string, string> = {
  unspecified: 'unspecified',
  broadcast: 'broadcast',
  multicast: 'multicast',
  linkLocal: 'link-local',
  loopback: 'loopback',
  carrierGradeNat: 'shared address space (carrier-grade NAT)',
  private: 'private',
  uniqueLocal: 'private',
  deprecatedSiteLocal: 'site-local',
  reserved: 'reserved',
  benchmarking: 'reserved',
  discard: 'reserved',
  rfc6145: 'IPv4 translation prefix',
  rfc6052: 'IPv4 translation prefix',
  '6to4': 'IPv4 translation prefix',
  teredo: 'IPv4 translation prefix',
}

/**
 * Why an address is refused (e.g. "loopback"), or null when it may be reached. Only global
 * unicast addresses pass (DECISIONS.md: no loopback, link-local, metadata or private; also no
 * unspecified, broadcast, multicast, reserved, or NAT64/6to4/Teredo wrappers), unless the
 * operator's allow-list covers the address.
 */
export function blockedReason(address: string, allow: readonly Cidr[]): string | null {
  const parsed = parseIp(address)
  if (!parsed) return 'not an IP address'
  const ip = effectiveAddress(parsed)
  if (allow.some((c) => inCidr(ip, c))) return null
  if (CLOUD_METADATA.some((c) => inCidr(ip, c))) return 'cloud metadata'
  const range = ip.range()
  return range === 'unicast' ? null : (RANGE_REASONS[range] ?? range)
}
