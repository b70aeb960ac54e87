import { describe, expect, test } from 'bun:test'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { workforceCommand } from '../helpers/server'

async function agent(args: string[]) {
  const proc = Bun.spawn([...workforceCommand(), 'agent', ...args], { stdout: 'pipe', stderr: 'pipe' })
  const [stdout, stderr] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text()])
  return { code: await proc.exited, stdout, stderr }
}

describe('agent install-service', () => {
  const hasSystemd = Bun.which('systemd-analyze') !== null
  test.skipIf(!hasSystemd)('the systemd user unit passes systemd-analyze verify and runs `agent run` with the config dir', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wf-unit-'))
    const out = await agent(['install-service', '--print', '--kind', 'systemd', '--config-dir', join(dir, 'my agent')])
    expect(out.code).toBe(0)
    expect(out.stdout).toMatch(/^ExecStart=.* agent run --config-dir "[^"]*my agent"$/m)
    const unit = join(dir, 'workforce-agent.service')
    writeFileSync(unit, out.stdout)
    const verify = Bun.spawnSync(['systemd-analyze', 'verify', unit], { stdout: 'pipe', stderr: 'pipe' })
    expect(`${verify.stdout}${verify.stderr}`.trim()).toBe('')
    expect(verify.exitCode).toBe(0)
  })

  test('launchd and Task Scheduler files are well-formed XML that run `agent run`', async () => {
    const plist = await agent(['install-service', '--print', '--kind', 'launchd'])
    expect(plist.stdout).toContain('<string>agent</string>\n    <string>run</string>')
    expect(plist.stdout).toContain('<key>Label</key>\n  <string>com.workforce.agent</string>')
    const task = await agent(['install-service', '--print', '--kind', 'schtasks'])
    expect(task.stdout).toMatch(/<Arguments>.*agent run<\/Arguments>/)
    expect(task.stdout).toContain('<LogonTrigger>')
    for (const xml of [plist.stdout, task.stdout]) {
      const tags = [...xml.matchAll(/<(\/?)([A-Za-z]+)[^>]*?(\/?)>/g)].filter((m) => !m[0].startsWith('<?') && !m[0].startsWith('<!'))
      const stack: string[] = []
      for (const [, close, name, selfClose] of tags) {
        if (selfClose) continue
        if (close) expect(stack.pop()).toBe(name)
        else stack.push(name!)
      }
      expect(stack).toEqual([])
    }
  })

  test('private mode is a switch in the agent directory that status reports', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'wf-priv-')), 'agent')
    expect((await agent(['private', 'on', '--config-dir', dir])).code).toBe(0)
    expect(JSON.parse((await agent(['status', '--json', '--config-dir', dir])).stdout).private_mode).toBe(true)
    expect((await agent(['private', 'off', '--config-dir', dir])).code).toBe(0)
    expect(JSON.parse((await agent(['status', '--json', '--config-dir', dir])).stdout).private_mode).toBe(false)
    const bad = await agent(['private', 'maybe', '--config-dir', dir])
    expect(bad.code).not.toBe(0)
    expect(bad.stderr).toContain('state must be on or off')
  })

  test('on Wayland without X11 access, status says the foreground application cannot be read and nothing is reported', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'wf-wl-')), 'agent')
    const env = { ...process.env, WAYLAND_DISPLAY: 'wayland-0', XDG_SESSION_TYPE: 'wayland' } as Record<string, string>
    delete env.DISPLAY
    const proc = Bun.spawn([...workforceCommand(), 'agent', 'status', '--config-dir', dir], { env, stdout: 'pipe' })
    const status = await new Response(proc.stdout).text()
    expect(status).toContain('Wayland session without X11 access')
    expect(status).toContain('reports nothing rather than guessing')
  })
})
