import { homedir } from 'node:os'
import { join } from 'node:path'

export type ServiceKind = 'systemd' | 'launchd' | 'schtasks'

export const serviceKindFor = (p: NodeJS.Platform = process.platform): ServiceKind => (p === 'darwin' ? 'launchd' : p === 'win32' ? 'schtasks' : 'systemd')

export interface ServiceFile {
  kind: ServiceKind
  /** Where the file goes. */
  path: string
  text: string
  /** What to run afterwards to start it. */
  activate: string[]
}

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
/** systemd quoting: each argument in double quotes, with \ and " escaped. */
const systemdQuote = (a: string) => (/^[A-Za-z0-9_@%+=:,./-]+$/.test(a) ? a : `"${a.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`)
const winQuote = (a: string) => (/[\s"]/.test(a) ? `"${a.replace(/"/g, '\\"')}"` : a)

/**
 * The user-service definition that runs `<command> agent run` at login and restarts it when it
 * stops: a systemd user unit (Linux), a launchd agent (macOS) or a Task Scheduler task (Windows).
 * `command` is the executable (and its script, when run from source); `runArgs` go after `agent run`.
 */
export function serviceFile(kind: ServiceKind, command: string[], runArgs: string[] = [], env: NodeJS.ProcessEnv = process.env): ServiceFile {
  const args = [...command, 'agent', 'run', ...runArgs]
  const home = env.HOME ?? homedir()
  if (kind === 'systemd') {
    const dir = join(env.XDG_CONFIG_HOME || join(home, '.config'), 'systemd', 'user')
    const text = `[Unit]
Description=Workforce desktop agent (application usage and idle time; never titles, URLs or keystrokes)
Documentation=https://github.com/workforce/workforce/blob/main/docs/agent.md
After=graphical-session.target
PartOf=graphical-session.target

[Service]
Type=simple
ExecStart=${args.map(systemdQuote).join(' ')}
Restart=on-failure
RestartSec=10
# SIGTERM: the agent spools its last sample, tries one send and ends its session.
KillSignal=SIGTERM
TimeoutStopSec=20

[Install]
WantedBy=graphical-session.target
`
    return {
      kind,
      path: join(dir, 'workforce-agent.service'),
      text,
      activate: ['systemctl --user daemon-reload', 'systemctl --user enable --now workforce-agent.service'],
    }
  }
  if (kind === 'launchd') {
    const label = 'com.workforce.agent'
    const text = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
  <key>Label</key>
  <string>${label}</string>
  <key>ProgramArguments</key>
  <array>
${args.map((a) => `    <string>${xmlEscape(a)}</string>`).join('\n')}
  </array>
  <key>RunAtLoad</key>
  <true/>
  <key>KeepAlive</key>
  <dict>
    <key>SuccessfulExit</key>
    <false/>
  </dict>
  <key>ProcessType</key>
  <string>Background</string>
  <key>StandardErrorPath</key>
  <string>${xmlEscape(join(home, 'Library', 'Logs', 'workforce-agent.log'))}</string>
</dict>
</plist>
`
    return {
      kind,
      path: join(home, 'Library', 'LaunchAgents', `${label}.plist`),
      text,
      activate: [`launchctl bootstrap gui/$(id -u) ${join(home, 'Library', 'LaunchAgents', `${label}.plist`)}`],
    }
  }
  const [exe, ...rest] = args
  const text = `<?xml version="1.0" encoding="UTF-16"?>
<Task version="1.2" xmlns="http://schemas.microsoft.com/windows/2004/02/mit/task">
  <RegistrationInfo>
    <Description>Workforce desktop agent (application usage and idle time; never titles, URLs or keystrokes)</Description>
  </RegistrationInfo>
  <Triggers>
    <LogonTrigger>
      <Enabled>true</Enabled>
    </LogonTrigger>
  </Triggers>
  <Principals>
    <Principal id="Author">
      <LogonType>InteractiveToken</LogonType>
      <RunLevel>LeastPrivilege</RunLevel>
    </Principal>
  </Principals>
  <Settings>
    <MultipleInstancesPolicy>IgnoreNew</MultipleInstancesPolicy>
    <DisallowStartIfOnBatteries>false</DisallowStartIfOnBatteries>
    <StopIfGoingOnBatteries>false</StopIfGoingOnBatteries>
    <ExecutionTimeLimit>PT0S</ExecutionTimeLimit>
    <RestartOnFailure>
      <Interval>PT1M</Interval>
      <Count>999</Count>
    </RestartOnFailure>
  </Settings>
  <Actions Context="Author">
    <Exec>
      <Command>${xmlEscape(exe!)}</Command>
      <Arguments>${xmlEscape(rest.map(winQuote).join(' '))}</Arguments>
    </Exec>
  </Actions>
</Task>
`
  const appData = env.APPDATA ?? join(home, 'AppData', 'Roaming')
  const path = join(appData, 'workforce-agent', 'workforce-agent-task.xml')
  return { kind, path, text, activate: [`schtasks /Create /TN "Workforce agent" /XML "${path}"`] }
}
