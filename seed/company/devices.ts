import type { WorkProfile } from '../../src/modules/users/schema'
import { DAY } from '../../src/kernel/time'
import { DEVICE_PREFIX } from '../catalog/people'
import type { SeedEnv } from '../env'
import type { Company, Device } from '../model'
import { Rng } from '../rng'

type Platform = Device['platform']

const PLATFORMS: Record<WorkProfile, [Platform, number][]> = {
  engineering: [
    ['macos', 60],
    ['linux', 25],
    ['windows', 15],
  ],
  design: [
    ['macos', 90],
    ['windows', 10],
  ],
  sales: [
    ['macos', 50],
    ['windows', 50],
  ],
  support: [
    ['windows', 75],
    ['macos', 25],
  ],
  operations: [
    ['windows', 90],
    ['linux', 10],
  ],
  management: [
    ['macos', 60],
    ['windows', 40],
  ],
}

const MODEL: Record<Platform, string> = { macos: 'MBP', windows: 'WIN', linux: 'LNX' }

/**
 * Desktop-agent computers: one laptop each, a second machine for some; some of those second
 * machines arrived during the history (security.new_device_login). Some hub staff have no computer.
 */
export function assignDevices(env: SeedEnv, company: Company): void {
  const rng = new Rng(env.seed, 104)
  let serial = 100
  for (const p of company.people) {
    if (p.pattern === 'dispatch' && p.role === 'employee' && rng.chance(0.06)) continue
    const count = rng.chance(0.2) ? 2 : 1
    const choices = PLATFORMS[p.profile]
    for (let i = 0; i < count; i++) {
      const platform = choices[rng.weighted(choices.map((c) => c[1]))]![0]
      const fresh = i === 1 && env.days.length > 3 && rng.chance(0.35)
      const day = env.days[rng.int(1, env.days.length - 2)]!
      const registeredAt = fresh ? env.cal.at(day, '09:05') + rng.int(0, 7200) * 1000 : p.createdAt + DAY + rng.int(0, 3600) * 1000
      p.devices.push({
        id: env.ids.uuid(),
        name: `${DEVICE_PREFIX[p.profile]}-${MODEL[platform]}-${serial++}`,
        platform,
        registeredAt: Math.max(registeredAt, p.activatedAt ?? registeredAt),
      })
    }
  }
}

/** Window class the agent reports for an application on a platform. */
export function windowClass(platform: Platform, mac: string, win: string): string {
  if (platform === 'macos') return mac
  return platform === 'windows' ? win : win.replace(/\.exe$/i, '').toLowerCase()
}
