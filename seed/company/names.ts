import { FIRST_NAMES, LAST_NAMES, PERSONAS } from '../catalog/people'
import type { Rng } from '../rng'

const ascii = (s: string): string =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ł/g, 'l')
    .replace(/ø/g, 'o')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase()

/** Unique names and work emails; the scenario personas' names are reserved first. */
export class NameBook {
  private readonly names = new Set<string>(Object.values(PERSONAS).map((p) => p.name))
  private readonly emails = new Set<string>()

  constructor(
    private readonly rng: Rng,
    private readonly domain: string,
  ) {}

  next(): string {
    for (;;) {
      const first = this.rng.pick(FIRST_NAMES)
      const last = this.rng.pick(LAST_NAMES)
      // Large companies have namesakes; a middle initial tells them apart, as in real directories.
      const name = this.names.has(`${first} ${last}`) ? `${first} ${String.fromCharCode(65 + this.rng.int(0, 25))}. ${last}` : `${first} ${last}`
      if (this.names.has(name)) continue
      this.names.add(name)
      return name
    }
  }

  emailFor(name: string): string {
    const parts = name.split(' ')
    const base = `${ascii(parts[0]!)}.${ascii(parts[parts.length - 1]!)}`
    let local = base
    for (let i = 2; this.emails.has(local); i++) local = `${base}${i}`
    this.emails.add(local)
    return `${local}@${this.domain}`
  }
}
