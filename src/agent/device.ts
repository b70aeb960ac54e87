import { createHash, randomUUID } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { hostname, userInfo } from 'node:os'
import { join } from 'node:path'
import { SERVER_VERSION } from '../kernel/version'
import { ensureConfigDir, writePrivateFile } from './config'

export type AgentPlatform = 'linux' | 'macos' | 'windows'

export const agentPlatform = (p: NodeJS.Platform = process.platform): AgentPlatform => (p === 'darwin' ? 'macos' : p === 'win32' ? 'windows' : 'linux')

/**
 * The device facts sent at enrollment. The fingerprint is a hash (never the raw id) of the
 * machine id (/etc/machine-id on Linux) and the OS user, so re-enrolling on the same machine
 * finds the same device; where there is no machine id, a random id kept in the config directory.
 */
export function deviceFacts(dir: string, name?: string) {
  let machine: string | null = null
  for (const path of ['/etc/machine-id', '/var/lib/dbus/machine-id']) {
    if (existsSync(path)) {
      machine = readFileSync(path, 'utf8').trim() || null
      if (machine) break
    }
  }
  if (!machine) {
    const idFile = join(dir, 'device-id')
    if (existsSync(idFile)) machine = readFileSync(idFile, 'utf8').trim()
    else {
      machine = randomUUID()
      ensureConfigDir(dir)
      writePrivateFile(idFile, `${machine}\n`)
    }
  }
  const fingerprint = `wfa-${createHash('sha256').update(`${machine}\0${userInfo().username}`).digest('hex').slice(0, 40)}`
  return { fingerprint, name: (name ?? hostname()).slice(0, 200) || 'computer', platform: agentPlatform(), agent_version: SERVER_VERSION }
}
