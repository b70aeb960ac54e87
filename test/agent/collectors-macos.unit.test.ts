/**
 * The macOS collector's parsing, on recorded shapes of what `lsappinfo` and `ioreg` print
 * (test/agent/fixtures/macos/, see its README: written in those commands' exact format, not
 * captured on a Mac here). The collector itself runs the script through an injected runner.
 */
import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { MACOS_SCRIPT, MacosCollector, parseHidIdleTime, parseLsappinfoValue, parseMacosReading } from '../../src/agent/collectors/macos'

const fixture = (name: string) => readFileSync(join(import.meta.dir, 'fixtures/macos', name), 'utf8')

describe('macOS collector parsing', () => {
  test('the frontmost application: display name as the application, bundle id as the class', () => {
    expect(parseMacosReading(fixture('front-safari.txt'))).toEqual({ application: 'Safari', windowClass: 'com.apple.Safari', idleMs: 2350 })
    expect(parseMacosReading(fixture('front-vscode-idle.txt'))).toEqual({ application: 'Code', windowClass: 'com.microsoft.VSCode', idleMs: 412876 })
  })
  test('an application without a bundle id keeps its name as both', () => {
    expect(parseMacosReading(fixture('front-no-bundle.txt'))).toEqual({ application: 'java', windowClass: 'java', idleMs: 0 })
  })
  test('nothing in front, or the login window (screen locked), is no application', () => {
    expect(parseMacosReading(fixture('front-none.txt'))).toEqual({ application: null, windowClass: null, idleMs: 17 })
    expect(parseMacosReading(fixture('front-loginwindow.txt'))).toEqual({ application: null, windowClass: null, idleMs: 905123 })
  })
  test('HIDIdleTime is nanoseconds, read from a full ioreg property block', () => {
    expect(parseHidIdleTime(fixture('ioreg-IOHIDSystem.txt'))).toBe(2350)
    expect(() => parseHidIdleTime('+-o IOHIDSystem  <class IOHIDSystem>\n    {\n    }\n')).toThrow(/no HIDIdleTime/)
  })
  test('lsappinfo values: quoted, NULL, absent', () => {
    expect(parseLsappinfoValue('"LSDisplayName"="Microsoft Word"\n', 'LSDisplayName')).toBe('Microsoft Word')
    expect(parseLsappinfoValue('"CFBundleIdentifier"=[ NULL ]\n', 'CFBundleIdentifier')).toBeNull()
    expect(parseLsappinfoValue('', 'LSDisplayName')).toBeNull()
  })
  test('the collector runs the one script and parses what it prints; no title is asked for', async () => {
    const calls: string[][] = []
    const collector = new MacosCollector(async (argv) => {
      calls.push(argv)
      return fixture('front-safari.txt')
    })
    expect(collector.platform).toBe('macos')
    expect(await collector.read()).toEqual({ application: 'Safari', windowClass: 'com.apple.Safari', idleMs: 2350 })
    expect(calls).toEqual([['/bin/sh', '-c', MACOS_SCRIPT]])
    expect(MACOS_SCRIPT).not.toMatch(/title|AXTitle|kCGWindowName|System Events/i)
  })
})
