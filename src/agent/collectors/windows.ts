import type { Subprocess } from 'bun'
import type { Collector, ForegroundReading } from '../collector'

/**
 * Windows collector: one long-lived Windows PowerShell process (started once, not per reading)
 * that, for each line it reads on stdin, prints the foreground window's process
 * (GetForegroundWindow + GetWindowThreadProcessId → Get-Process: process name and the file
 * description, e.g. "chrome" / "Google Chrome") and the time since the last input
 * (GetLastInputInfo against the tick count), as key=value lines ending with "end". The window's
 * title is never asked for (no GetWindowText). The parsing is in the pure function below,
 * unit-tested on recorded shapes of that output.
 */

export const WINDOWS_SCRIPT = String.raw`
$ErrorActionPreference = 'Stop'
[Console]::OutputEncoding = [System.Text.Encoding]::UTF8
Add-Type -Namespace Workforce -Name Desktop -MemberDefinition @'
[DllImport("user32.dll")] public static extern IntPtr GetForegroundWindow();
[DllImport("user32.dll")] public static extern uint GetWindowThreadProcessId(IntPtr hWnd, out uint processId);
[StructLayout(LayoutKind.Sequential)] public struct LASTINPUTINFO { public uint cbSize; public uint dwTime; }
[DllImport("user32.dll")] public static extern bool GetLastInputInfo(ref LASTINPUTINFO plii);
public static uint IdleMs() {
  LASTINPUTINFO info = new LASTINPUTINFO();
  info.cbSize = (uint)Marshal.SizeOf(typeof(LASTINPUTINFO));
  if (!GetLastInputInfo(ref info)) return 0;
  return unchecked((uint)Environment.TickCount - info.dwTime);
}
public static uint ForegroundProcessId() {
  IntPtr window = GetForegroundWindow();
  if (window == IntPtr.Zero) return 0;
  uint processId;
  GetWindowThreadProcessId(window, out processId);
  return processId;
}
'@
[Console]::Out.WriteLine('ready')
while ($null -ne ($line = [Console]::In.ReadLine())) {
  $procId = [Workforce.Desktop]::ForegroundProcessId()
  $name = ''
  $description = ''
  if ($procId -ne 0) {
    $p = Get-Process -Id $procId -ErrorAction SilentlyContinue
    if ($p) {
      $name = $p.ProcessName
      try { $description = $p.MainModule.FileVersionInfo.FileDescription } catch { $description = '' }
    }
  }
  [Console]::Out.WriteLine("pid=$procId")
  [Console]::Out.WriteLine("process=$($name -replace '[\r\n]', ' ')")
  [Console]::Out.WriteLine("description=$($description -replace '[\r\n]', ' ')")
  [Console]::Out.WriteLine("idle_ms=$([Workforce.Desktop]::IdleMs())")
  [Console]::Out.WriteLine('end')
  [Console]::Out.Flush()
}
`

/** The lock screen and the sign-in screen: in front when the session is locked, not an application in use. */
const NOT_AN_APPLICATION = new Set(['lockapp', 'logonui'])

/** A reading from one block of WINDOWS_SCRIPT's output (key=value lines, CRLF or LF). */
export function parseWindowsReading(block: string): ForegroundReading {
  const fields = new Map<string, string>()
  for (const line of block.split(/\r?\n/)) {
    const i = line.indexOf('=')
    if (i > 0) fields.set(line.slice(0, i).trim(), line.slice(i + 1).trim())
  }
  const idle = fields.get('idle_ms')
  if (idle === undefined || !/^\d+$/.test(idle)) throw new Error(`PowerShell printed no idle_ms: ${block.trim().slice(0, 200)}`)
  const idleMs = Number(idle)
  const pid = Number(fields.get('pid') ?? '0')
  const process = fields.get('process') ?? ''
  if (!pid || !process || NOT_AN_APPLICATION.has(process.toLowerCase())) return { application: null, windowClass: null, idleMs }
  const description = fields.get('description') ?? ''
  return { application: description || process, windowClass: `${process}.exe`, idleMs }
}

/** PowerShell's -EncodedCommand: the script as base64 of UTF-16LE. */
export const encodeCommand = (script: string): string => Buffer.from(script, 'utf16le').toString('base64')

export const POWERSHELL_ARGV = [
  'powershell.exe',
  '-NoLogo',
  '-NoProfile',
  '-NonInteractive',
  '-ExecutionPolicy',
  'Bypass',
  '-EncodedCommand',
  encodeCommand(WINDOWS_SCRIPT),
]

export class WindowsCollector implements Collector {
  readonly platform = 'windows' as const
  private proc: Subprocess<'pipe', 'pipe', 'pipe'> | null = null
  private lines: AsyncIterator<string> | null = null
  private busy: Promise<unknown> = Promise.resolve()

  /** `argv` is the PowerShell command line; tests pass a stand-in that speaks the same protocol. */
  constructor(private readonly argv: string[] = POWERSHELL_ARGV) {}

  private async start(): Promise<AsyncIterator<string>> {
    if (this.lines && this.proc && this.proc.exitCode === null) return this.lines
    const proc = Bun.spawn(this.argv, { stdin: 'pipe', stdout: 'pipe', stderr: 'pipe' })
    this.proc = proc
    this.lines = splitLines(proc.stdout)
    const first = await this.nextLine()
    if (first !== 'ready') throw new Error(`PowerShell did not start the collector: ${first ?? (await new Response(proc.stderr).text()).slice(0, 300)}`)
    return this.lines
  }

  private async nextLine(): Promise<string | null> {
    const r = await this.lines!.next()
    return r.done ? null : r.value
  }

  read(): Promise<ForegroundReading> {
    // One request at a time over the one pipe.
    const next = this.busy.then(
      () => this.readOnce(),
      () => this.readOnce(),
    )
    this.busy = next.catch(() => undefined)
    return next
  }

  private async readOnce(): Promise<ForegroundReading> {
    await this.start()
    try {
      this.proc!.stdin.write('\n')
      await this.proc!.stdin.flush()
    } catch (cause) {
      // The process ended after its last answer but before Bun noticed its exit: the write meets a
      // closed pipe (EPIPE). That is the same event as reading end-of-file below.
      this.lines = null
      throw new Error('PowerShell collector exited', { cause })
    }
    const block: string[] = []
    for (;;) {
      const line = await this.nextLine()
      if (line === null) {
        this.lines = null
        throw new Error('PowerShell collector exited')
      }
      if (line === 'end') break
      block.push(line)
    }
    return parseWindowsReading(block.join('\n'))
  }

  close(): void {
    this.proc?.stdin.end()
    this.proc?.kill()
    this.proc = null
    this.lines = null
  }
}

async function* splitLines(stream: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder()
  let buffer = ''
  for await (const chunk of stream) {
    buffer += decoder.decode(chunk, { stream: true })
    let i: number
    while ((i = buffer.indexOf('\n')) >= 0) {
      yield buffer.slice(0, i).replace(/\r$/, '')
      buffer = buffer.slice(i + 1)
    }
  }
  if (buffer) yield buffer
}
