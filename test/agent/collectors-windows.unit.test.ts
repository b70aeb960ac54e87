/**
 * The Windows collector's parsing, on recorded shapes of what its PowerShell script prints
 * (test/agent/fixtures/windows/, see its README: written in that exact format, CRLF, not captured
 * on Windows here). Its line protocol over stdin/stdout runs against a STAND-IN for PowerShell
 * (a shell script printing the same blocks), since PowerShell for Windows does not run here.
 */
import { afterEach, describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { POWERSHELL_ARGV, WINDOWS_SCRIPT, WindowsCollector, encodeCommand, parseWindowsReading } from '../../src/agent/collectors/windows'

const dir = join(import.meta.dir, 'fixtures/windows')
const fixture = (name: string) => readFileSync(join(dir, name), 'utf8')
const block = (name: string) => fixture(name).replace(/\r?\nend\r?\n$/, '')

describe('Windows collector parsing', () => {
  test('the foreground process: its file description as the application, the executable as the class', () => {
    expect(parseWindowsReading(block('chrome.txt'))).toEqual({ application: 'Google Chrome', windowClass: 'chrome.exe', idleMs: 1406 })
    expect(parseWindowsReading(block('vscode-idle.txt'))).toEqual({ application: 'Visual Studio Code', windowClass: 'Code.exe', idleMs: 412875 })
    expect(parseWindowsReading(block('utf8-description.txt'))).toEqual({ application: '秀丸エディタ', windowClass: 'Hidemaru.exe', idleMs: 2250 })
  })
  test('an elevated process without a readable description keeps its process name', () => {
    expect(parseWindowsReading(block('elevated-no-description.txt'))).toEqual({ application: 'Taskmgr', windowClass: 'Taskmgr.exe', idleMs: 0 })
  })
  test('no foreground window, or the lock screen, is no application', () => {
    expect(parseWindowsReading(block('no-foreground.txt'))).toEqual({ application: null, windowClass: null, idleMs: 16 })
    expect(parseWindowsReading(block('locked.txt'))).toEqual({ application: null, windowClass: null, idleMs: 905125 })
  })
  test('output without idle_ms is an error, not a guess', () => {
    expect(() => parseWindowsReading('pid=1\r\nprocess=x\r\n')).toThrow(/no idle_ms/)
  })
  test('the script never asks for a window title; it is passed as PowerShell -EncodedCommand', () => {
    expect(WINDOWS_SCRIPT).not.toMatch(/GetWindowText|MainWindowTitle/)
    expect(WINDOWS_SCRIPT).toMatch(/GetForegroundWindow[\s\S]*GetWindowThreadProcessId[\s\S]*GetLastInputInfo/)
    expect(POWERSHELL_ARGV[0]).toBe('powershell.exe')
    expect(Buffer.from(POWERSHELL_ARGV.at(-1)!, 'base64').toString('utf16le')).toBe(WINDOWS_SCRIPT)
    expect(encodeCommand('Write-Output 1')).toBe('VwByAGkAdABlAC0ATwB1AHQAcAB1AHQAIAAxAA==')
  })
})

describe('Windows collector line protocol (PowerShell STAND-IN)', () => {
  let collector: WindowsCollector | null = null
  afterEach(() => collector?.close())

  test('one long-lived process answers each request with one block, in order', async () => {
    // Prints "ready", then for each stdin line the next recorded block (CRLF, as PowerShell).
    const script = `printf 'ready\\r\\n'; for f in chrome.txt locked.txt utf8-description.txt; do read _ || exit 0; cat "${dir}/$f"; done`
    collector = new WindowsCollector(['/bin/sh', '-c', script])
    expect(collector.platform).toBe('windows')
    const readings = await Promise.all([collector.read(), collector.read(), collector.read()])
    expect(readings.map((r) => r.application)).toEqual(['Google Chrome', null, '秀丸エディタ'])
  })

  test('a process that exits is reported as an error, and the next read starts a new one', async () => {
    collector = new WindowsCollector(['/bin/sh', '-c', `printf 'ready\\n'; read _; cat "${dir}/chrome.txt"`])
    expect((await collector.read()).application).toBe('Google Chrome')
    await expect(collector.read()).rejects.toThrow(/exited/)
    expect((await collector.read()).application).toBe('Google Chrome')
  })

  test('a process that does not start the protocol is a clear error', async () => {
    collector = new WindowsCollector(['/bin/sh', '-c', 'echo "Add-Type : Cannot add type" >&2; exit 1'])
    await expect(collector.read()).rejects.toThrow(/PowerShell did not start the collector: Add-Type : Cannot add type/)
  })
})
