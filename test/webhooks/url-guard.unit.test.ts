import { describe, expect, test } from 'bun:test'
import { blockedReason, parseCidr, parseIp } from '../../src/modules/webhooks/ip-ranges'
import { UrlRefused, allowList, checkAddresses, checkUrlShape } from '../../src/modules/webhooks/url-guard'

describe('webhook address guard', () => {
  test('refuses loopback, link-local, metadata, private, shared, unspecified and multicast addresses', () => {
    const cases: [string, string][] = [
      ['127.0.0.1', 'loopback'],
      ['::1', 'loopback'],
      ['169.254.169.254', 'cloud metadata'],
      ['fd00:ec2::254', 'cloud metadata'],
      ['169.254.10.1', 'link-local'],
      ['fe80::1%eth0', 'link-local'],
      ['10.20.30.40', 'private'],
      ['172.16.0.1', 'private'],
      ['172.31.255.255', 'private'],
      ['192.168.0.1', 'private'],
      ['fc00::1', 'private'],
      ['fd12:3456::1', 'private'],
      ['100.64.0.1', 'shared address space (carrier-grade NAT)'],
      ['0.0.0.0', 'unspecified'],
      ['::', 'unspecified'],
      ['224.0.0.1', 'multicast'],
      ['ff02::1', 'multicast'],
      ['::ffff:127.0.0.1', 'loopback'],
      ['::ffff:169.254.169.254', 'cloud metadata'],
      ['::ffff:7f00:1', 'loopback'],
      ['::127.0.0.1', 'loopback'],
      ['::7f00:1', 'loopback'],
      ['::10.0.0.1', 'private'],
      ['::169.254.169.254', 'cloud metadata'],
      ['::ffff:0.0.0.0', 'unspecified'],
      ['255.255.255.255', 'broadcast'],
      ['2001:db8::1', 'reserved'],
      ['64:ff9b::7f00:1', 'IPv4 translation prefix'],
      ['2002:7f00:1::', 'IPv4 translation prefix'],
    ]
    for (const [address, reason] of cases) expect([address, blockedReason(address, [])]).toEqual([address, reason])
  })

  test('lets public addresses through', () => {
    for (const a of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8']) expect(blockedReason(a, [])).toBeNull()
  })

  test('an operator allow-list opens exactly its ranges', () => {
    const allow = allowList(['127.0.0.0/8', '10.1.0.0/16', 'not-a-cidr'])
    expect(allow).toHaveLength(2)
    expect(blockedReason('127.0.0.1', allow)).toBeNull()
    expect(blockedReason('::ffff:127.0.0.1', allow)).toBeNull()
    expect(blockedReason('10.1.2.3', allow)).toBeNull()
    expect(blockedReason('10.2.0.1', allow)).toBe('private')
    expect(blockedReason('::1', allow)).toBe('loopback')
    expect(blockedReason('169.254.169.254', allow)).toBe('cloud metadata')
    // The IPv4 an IPv6 address carries is what the allow-list is matched against.
    expect(blockedReason('::ffff:7f00:1', allow)).toBeNull()
    expect(blockedReason('::10.1.0.1', allow)).toBeNull()
    expect(blockedReason('::10.2.0.1', allow)).toBe('private')
    expect(blockedReason('fd00::1', allowList(['fd00::/8']))).toBeNull()
  })

  test('a host is refused when any of its addresses is refused', () => {
    expect(() => checkAddresses('mixed.example', ['93.184.216.34', '10.0.0.5'], [])).toThrow(UrlRefused)
    expect(() => checkAddresses('nothing.example', [], [])).toThrow(UrlRefused)
    expect(() => checkAddresses('ok.example', ['93.184.216.34', '2606:4700::1111'], [])).not.toThrow()
  })

  test('URLs must be http(s) without credentials', () => {
    expect(checkUrlShape('https://hooks.example.com/x?y=1').hostname).toBe('hooks.example.com')
    for (const bad of ['ftp://a.example/', 'file:///etc/passwd', 'https://u:p@a.example/', 'https://u@a.example/', 'nope', 'javascript:alert(1)']) {
      expect(() => checkUrlShape(bad)).toThrow(UrlRefused)
    }
  })

  test('parses IPv6 forms and CIDRs exactly', () => {
    expect(parseIp('[::1]')).not.toBeNull()
    expect(parseIp('1::2:3:4:5:6:7')).not.toBeNull()
    expect(parseIp('1:2:3:4:5:6:7:8:9')).toBeNull()
    expect(parseIp('example.com')).toBeNull()
    expect(parseIp('0x7f.1')).toBeNull()
    expect(parseIp('2130706433')).toBeNull()
    expect(parseCidr('10.0.0.0/33')).toBeNull()
    expect(parseCidr('10.0.0.0/8/8')).toBeNull()
    expect(parseCidr('10.0.0.0/-1')).toBeNull()
    expect(parseCidr('fc00::/7')?.bits).toBe(7)
    expect(parseCidr('10.0.0.0/8')?.bits).toBe(8)
    expect(parseCidr('::ffff:10.0.0.0/104')?.bits).toBe(8)
  })
})
