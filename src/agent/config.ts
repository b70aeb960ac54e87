import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'

/**
 * Where the agent keeps its credential, spool and private-mode switch: the OS's per-user config
 * directory (XDG_CONFIG_HOME or ~/.config on Linux, ~/Library/Application Support on macOS,
 * %APPDATA% on Windows) + `workforce-agent`. The directory is 0700, the files 0600.
 */
export function defaultConfigDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  const home = env.HOME ?? homedir()
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'workforce-agent')
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'workforce-agent')
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), 'workforce-agent')
}

/** The device credential `agent enroll` stores. */
export interface AgentCredential {
  server: string
  key: string
  key_id: string
  user_id: string
  email: string
  tenant: string
  device_id: string
  device_name: string
  fingerprint: string
  idle_threshold_seconds: number
  enrolled_at: string
}

export const CREDENTIAL_FILE = 'credential.json'
export const SPOOL_FILE = 'spool.sqlite'
export const PRIVATE_FILE = 'private-mode'

export function ensureConfigDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  if (process.platform !== 'win32') chmodSync(dir, 0o700)
}

/** Writes a file owner-only, atomically (a crash leaves the old file or the new one). */
export function writePrivateFile(path: string, text: string): void {
  const tmp = `${path}.tmp`
  writeFileSync(tmp, text, { mode: 0o600 })
  if (process.platform !== 'win32') chmodSync(tmp, 0o600)
  renameSync(tmp, path)
}

export function readCredential(dir: string): AgentCredential | null {
  const path = join(dir, CREDENTIAL_FILE)
  if (!existsSync(path)) return null
  return JSON.parse(readFileSync(path, 'utf8')) as AgentCredential
}

export function writeCredential(dir: string, credential: AgentCredential): void {
  ensureConfigDir(dir)
  writePrivateFile(join(dir, CREDENTIAL_FILE), `${JSON.stringify(credential, null, 2)}\n`)
}

export function removeCredential(dir: string): boolean {
  const path = join(dir, CREDENTIAL_FILE)
  if (!existsSync(path)) return false
  rmSync(path)
  return true
}

/** Private mode is a file in the config directory, so `agent private on` works while `agent run` runs. */
export const isPrivate = (dir: string): boolean => existsSync(join(dir, PRIVATE_FILE))

export function setPrivate(dir: string, on: boolean): void {
  ensureConfigDir(dir)
  const path = join(dir, PRIVATE_FILE)
  if (on) writePrivateFile(path, `${new Date().toISOString()}\n`)
  else rmSync(path, { force: true })
}
