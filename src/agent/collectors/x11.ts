import type { XClient, XDisplay, ScreenSaverExt } from 'x11'
import type { Collector, ForegroundReading } from '../collector'

/** Why the X11 collector cannot run here, in words for `agent status` and `agent run`; null when it can. */
export function x11Unavailable(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.DISPLAY) return null
  if (env.WAYLAND_DISPLAY || env.XDG_SESSION_TYPE === 'wayland') {
    return 'Wayland session without X11 access (DISPLAY is not set): the foreground application cannot be read on Wayland, so the agent reports nothing rather than guessing. Log in to an X11 session, or run with XWayland and DISPLAY set (then only X11 applications are seen), or use --source activitywatch.'
  }
  return 'No X11 display (DISPLAY is not set): the agent needs a graphical X11 session.'
}

const promisify =
  <T>(f: (cb: (err: Error | null, v: T) => void) => void) =>
  () =>
    new Promise<T>((resolve, reject) => f((err, v) => (err ? reject(err) : resolve(v))))

/**
 * Linux X11 collector: talks the X11 protocol to the X server directly (the `x11` package, pure
 * JavaScript over the display's socket, MIT-MAGIC-COOKIE from XAUTHORITY). The foreground
 * application is the WM_CLASS of the window named by the root window's `_NET_ACTIVE_WINDOW`
 * (set by every EWMH window manager); idle time is the XScreenSaver extension's
 * ms_since_user_input. WM_NAME and _NET_WM_NAME (window titles) are never requested.
 */
export class X11Collector implements Collector {
  readonly platform = 'linux' as const

  private constructor(
    private readonly client: XClient,
    private readonly root: number,
    private readonly activeAtom: number,
    private readonly screenSaver: ScreenSaverExt,
  ) {}

  static async connect(display = process.env.DISPLAY): Promise<X11Collector> {
    if (!display) throw new Error(x11Unavailable() ?? 'DISPLAY is not set')
    // Loaded when the agent connects, not by every command of the binary (the server's included).
    const x11 = await import('x11')
    const { client, screen } = await new Promise<XDisplay>((resolve, reject) => {
      const c = x11.createClient({ display }, (err, d) => (err ? reject(err) : resolve(d)))
      c.on('error', (e) => reject(e ?? new Error('X11 connection error')))
    })
    const root = screen[0]!.root
    const activeAtom = await promisify<number>((cb) => client.InternAtom(false, '_NET_ACTIVE_WINDOW', cb))()
    const screenSaver = await promisify<ScreenSaverExt>((cb) => client.require('screen-saver', cb))().catch(() => {
      throw new Error('The X server has no MIT-SCREEN-SAVER extension: idle time cannot be read.')
    })
    return new X11Collector(client, root, activeAtom, screenSaver)
  }

  async read(): Promise<ForegroundReading> {
    const info = await promisify<{ idle: number }>((cb) => this.screenSaver.QueryInfo(this.root, cb))()
    const idleMs = info.idle
    const active = await this.property(this.root, this.activeAtom, this.client.atoms.WINDOW!, 1)
    const window = active && active.data.length >= 4 ? active.data.readUInt32LE(0) : 0
    if (window === 0) return { application: null, windowClass: null, idleMs }
    // WM_CLASS is "instance\0Class\0": the Class names the application ("Firefox", "XTerm").
    const wmClass = await this.property(window, this.client.atoms.WM_CLASS!, this.client.atoms.STRING!, 64)
    const [instance, klass] = parseWmClass(wmClass?.data)
    const application = klass || instance
    if (!application) return { application: null, windowClass: null, idleMs }
    return { application, windowClass: instance || null, idleMs }
  }

  /** A property of a window; null when the window is gone (it may close between two requests). */
  private property(window: number, atom: number, type: number, longs: number) {
    return new Promise<{ data: Buffer } | null>((resolve) =>
      this.client.GetProperty(0, window, atom, type, 0, longs, (err, prop) => resolve(err ? null : prop)),
    )
  }

  close(): void {
    this.client.terminate()
  }
}

/** Splits a WM_CLASS value into instance and class. */
export function parseWmClass(data: Buffer | undefined): [string, string] {
  if (!data || data.length === 0) return ['', '']
  const parts = data.toString('latin1').split('\0')
  return [parts[0] ?? '', parts[1] ?? '']
}
