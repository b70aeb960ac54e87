import { existsSync } from 'node:fs'
import type { Subprocess } from 'bun'

/** The X11 programs the desktop tests run (Debian: xvfb openbox xterm x11-apps xdotool). */
export const X_PROGRAMS = ['Xvfb', 'openbox', 'xdotool', 'xterm', 'xcalc', 'xlogo', 'xclipboard']

export const missingXPrograms = (): string[] => X_PROGRAMS.filter((p) => Bun.which(p) === null)

export interface XDesktop {
  display: string
  env: Record<string, string>
  /** Starts an X11 application and waits until its window is mapped; returns its window id. */
  open(command: string[], windowClass: string): Promise<string>
  xdotool(...args: string[]): Promise<string>
  close(): Promise<void>
}

/** A real X server (Xvfb, local socket only) with a real EWMH window manager (openbox). */
export async function startXDesktop(): Promise<XDesktop> {
  let n = 90 + Math.floor(Math.random() * 400)
  while (existsSync(`/tmp/.X11-unix/X${n}`) || existsSync(`/tmp/.X${n}-lock`)) n++
  const display = `:${n}`
  const env = { ...process.env, DISPLAY: display } as Record<string, string>
  delete env.WAYLAND_DISPLAY
  const procs: Subprocess[] = []
  procs.push(Bun.spawn(['Xvfb', display, '-screen', '0', '1280x800x24', '-nolisten', 'tcp'], { stdout: 'ignore', stderr: 'ignore' }))
  const deadline = Date.now() + 20_000
  while (!existsSync(`/tmp/.X11-unix/X${n}`)) {
    if (Date.now() > deadline) throw new Error('Xvfb did not start')
    await Bun.sleep(50)
  }
  const xvfb = procs[0]!
  const startOpenbox = () => Bun.spawn(['openbox'], { env, stdout: 'ignore', stderr: 'pipe' })
  let openbox = startOpenbox()
  procs.push(openbox)
  const xdotool = async (...args: string[]) => {
    const p = Bun.spawn(['xdotool', ...args], { env, stdout: 'pipe', stderr: 'pipe' })
    const out = await new Response(p.stdout).text()
    await p.exited
    return out.trim()
  }
  // openbox owns the screen once it sets _NET_SUPPORTING_WM_CHECK; xdotool's window manager queries then work.
  // On a loaded box that takes seconds: wait up to 60 s, and say so rather than go on without it. An
  // openbox that gave up (it exits when it cannot open the display yet) is started again, at most 5
  // times; waiting on one that is gone only runs the clock out.
  let restarts = 0
  for (let i = 0; ; i++) {
    if (xvfb.exitCode !== null) throw new Error(`Xvfb ${display} exited with ${xvfb.exitCode} before openbox took the screen`)
    if (openbox.exitCode !== null) {
      const why = (await new Response(openbox.stderr).text()).trim()
      if (restarts++ >= 5) throw new Error(`openbox exited ${restarts} times (${openbox.exitCode}): ${why}`)
      console.warn(`openbox exited with ${openbox.exitCode} (${why || 'no output'}); starting it again`)
      procs.push((openbox = startOpenbox()))
    }
    const p = Bun.spawn(['xdotool', 'get_desktop'], { env, stdout: 'pipe', stderr: 'pipe' })
    if ((await p.exited) === 0) break
    if (i >= 600) throw new Error('openbox did not take the screen within 60 s')
    await Bun.sleep(100)
  }
  return {
    display,
    env,
    async open(command, windowClass) {
      procs.push(Bun.spawn(command, { env, stdout: 'ignore', stderr: 'ignore' }))
      for (let i = 0; i < 200; i++) {
        const ids = (await xdotool('search', '--onlyvisible', '--class', `^${windowClass}$`)).split('\n').filter(Boolean)
        if (ids.length > 0) return ids[ids.length - 1]!
        await Bun.sleep(100)
      }
      throw new Error(`${command[0]} did not map a window of class ${windowClass}`)
    },
    xdotool,
    async close() {
      for (const p of procs.reverse()) p.kill()
      await Promise.all(procs.map((p) => p.exited))
    },
  }
}
