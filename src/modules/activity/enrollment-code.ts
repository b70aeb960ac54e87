import { createHash, randomInt } from 'node:crypto'

/** How long an enrollment code works by default, and at most. */
export const ENROLLMENT_CODE_DEFAULT_MINUTES = 60
export const ENROLLMENT_CODE_MAX_MINUTES = 7 * 24 * 60

/** Letters and digits nobody confuses when typing a code from a screen (no 0/O, 1/I/L, U). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ23456789'
const GROUPS = 4
const GROUP_LENGTH = 4

/** A fresh code such as `K7QX-M2PA-9RTW-HB4N`: 16 characters of 30, about 78 bits. */
export function newEnrollmentCode(): string {
  const groups: string[] = []
  for (let g = 0; g < GROUPS; g++) {
    let s = ''
    for (let i = 0; i < GROUP_LENGTH; i++) s += ALPHABET[randomInt(ALPHABET.length)]
    groups.push(s)
  }
  return groups.join('-')
}

/** Codes are compared without case, spaces or dashes, so a code typed by hand still matches. */
export const normaliseEnrollmentCode = (code: string): string => code.toUpperCase().replace(/[\s-]/g, '')

/** Only this is stored (like API keys and invitation tokens): the SHA-256 of the normalised code. */
export const hashEnrollmentCode = (code: string): string => createHash('sha256').update(normaliseEnrollmentCode(code)).digest('hex')
