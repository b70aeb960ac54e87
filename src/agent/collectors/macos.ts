import type { Collector, ForegroundReading } from '../collector'

/**
 * macOS collector: the frontmost application from Launch Services (`lsappinfo front`, then
 * `lsappinfo info -only name` and `-only bundleid` on it: no Accessibility or Automation
 * permission needed, and no window is looked at, so no title can be read) and idle time from
 * the HID system's `HIDIdleTime` (`ioreg -c IOHIDSystem`, nanoseconds since the last keyboard or
 * mouse input). One `/bin/sh` run per reading prints the three outputs between marker lines; the
 * parsing is in the pure functions below, unit-tested on recorded shapes of those outputs.
 */

export const MACOS_SCRIPT = [
  'asn=$(/usr/bin/lsappinfo front 2>/dev/null)',
  'echo "@@front"; echo "$asn"',
  'echo "@@name"; [ -n "$asn" ] && /usr/bin/lsappinfo info -only name "$asn" 2>/dev/null',
  'echo "@@bundleid"; [ -n "$asn" ] && /usr/bin/lsappinfo info -only bundleid "$asn" 2>/dev/null',
  'echo "@@ioreg"; /usr/sbin/ioreg -c IOHIDSystem -r -d 1 -k HIDIdleTime',
  'exit 0',
].join('\n')

/** Shown in front when the screen is locked or at the login window: not an application in use. */
const NOT_AN_APPLICATION = new Set(['com.apple.loginwindow', 'com.apple.ScreenSaver.Engine'])

/** The value of `"Key"="value"` as `lsappinfo info -only key` prints it; null when absent or NULL. */
export function parseLsappinfoValue(output: string, key: string): string | null {
  for (const line of output.split('\n')) {
    const m = /^\s*"?([A-Za-z]+)"?\s*=\s*(.*?)\s*$/.exec(line)
    if (!m || m[1]!.toLowerCase() !== key.toLowerCase()) continue
    const raw = m[2]!
    if (raw === '[ NULL ]' || raw === 'NULL' || raw === '') return null
    const unquoted = raw.startsWith('"') && raw.endsWith('"') && raw.length >= 2 ? raw.slice(1, -1).replace(/\\"/g, '"').replace(/\\\\/g, '\\') : raw
    return unquoted || null
  }
  return null
}

/** Milliseconds since the last input, from `ioreg -c IOHIDSystem` (`"HIDIdleTime" = <ns>`). */
export function parseHidIdleTime(output: string): number {
  const m = /"HIDIdleTime"\s*=\s*(\d+)/.exec(output)
  if (!m) throw new Error('ioreg printed no HIDIdleTime: idle time cannot be read')
  return Math.floor(Number(m[1]) / 1_000_000)
}

/** The sections of MACOS_SCRIPT's output, by marker. */
function sections(output: string): Record<string, string> {
  const out: Record<string, string> = {}
  let current: string | null = null
  for (const line of output.split('\n')) {
    const marker = /^@@(\w+)$/.exec(line)
    if (marker) {
      current = marker[1]!
      out[current] = ''
    } else if (current) out[current] += `${line}\n`
  }
  return out
}

/** A reading from MACOS_SCRIPT's whole output. */
export function parseMacosReading(output: string): ForegroundReading {
  const s = sections(output)
  const idleMs = parseHidIdleTime(s.ioreg ?? '')
  const front = (s.front ?? '').trim()
  if (!front || front.includes('NULL')) return { application: null, windowClass: null, idleMs }
  const name = parseLsappinfoValue(s.name ?? '', 'LSDisplayName')
  const bundleId = parseLsappinfoValue(s.bundleid ?? '', 'CFBundleIdentifier')
  if ((bundleId && NOT_AN_APPLICATION.has(bundleId)) || (!name && !bundleId)) return { application: null, windowClass: null, idleMs }
  return { application: name ?? bundleId, windowClass: bundleId ?? name, idleMs }
}

export type RunCommand = (argv: string[]) => Promise<string>

const runCommand: RunCommand = async (argv) => {
  const proc = Bun.spawn(argv, { stdout: 'pipe', stderr: 'pipe' })
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited])
  if (code !== 0) throw new Error(`${argv[0]} exited with ${code}: ${err.trim().slice(0, 200)}`)
  return out
}

export class MacosCollector implements Collector {
  readonly platform = 'macos' as const

  constructor(private readonly run: RunCommand = runCommand) {}

  async read(): Promise<ForegroundReading> {
    return parseMacosReading(await this.run(['/bin/sh', '-c', MACOS_SCRIPT]))
  }
}
