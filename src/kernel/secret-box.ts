import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

/**
 * Encryption of the secrets the server must read back (webhook signing secrets, TOTP secrets), so
 * a copy of the database (a backup, a stolen disk image) does not hand them out. The key is kept
 * outside the database file: HKDF-SHA256 of the instance secret (`instance.secret` in the data
 * directory), AES-256-GCM with a random 96-bit nonce per value.
 *
 * A stored value is `v1:` + base64url(nonce ‖ ciphertext ‖ 16-byte tag). The prefix tells sealed
 * values from the plaintext ones written before encryption (which `open` still returns as they
 * are, while the start-up pass seals them) and leaves room for a later key or scheme (`v2:`).
 * Each value is bound to its place (`purpose`, e.g. the column and row id) as associated data:
 * a sealed value copied into another row or column does not open.
 */
export interface SecretBox {
  seal(plain: string, purpose: string): string
  /** The plaintext of a sealed value; a plaintext value (no version prefix) is returned as is. */
  open(stored: string, purpose: string): string
}

const PREFIX = 'v1:'
const NONCE_BYTES = 12
const TAG_BYTES = 16

/** A sealed value that cannot be opened: another instance secret, or a damaged or moved value. */
export class SecretUnreadable extends Error {
  override readonly name = 'SecretUnreadable'
}

/** True for a value written by `seal` (of any version this code knows). */
export const isSealed = (stored: string): boolean => stored.startsWith(PREFIX)

export function createSecretBox(instanceSecret: Buffer): SecretBox {
  if (instanceSecret.length < 16) throw new Error('The instance secret is too short to derive an encryption key from.')
  const key = Buffer.from(hkdfSync('sha256', instanceSecret, 'workforce secret-box', 'v1 aes-256-gcm', 32))
  return {
    seal(plain, purpose) {
      const nonce = randomBytes(NONCE_BYTES)
      const cipher = createCipheriv('aes-256-gcm', key, nonce)
      cipher.setAAD(Buffer.from(purpose, 'utf8'))
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return PREFIX + Buffer.concat([nonce, body, cipher.getAuthTag()]).toString('base64url')
    },
    open(stored, purpose) {
      if (!isSealed(stored)) return stored
      const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url')
      if (raw.length < NONCE_BYTES + TAG_BYTES) throw new SecretUnreadable('The stored secret is damaged.')
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, NONCE_BYTES))
        decipher.setAAD(Buffer.from(purpose, 'utf8'))
        decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES))
        return Buffer.concat([decipher.update(raw.subarray(NONCE_BYTES, raw.length - TAG_BYTES)), decipher.final()]).toString('utf8')
      } catch {
        throw new SecretUnreadable(
          'The stored secret cannot be decrypted with this instance secret (was the database moved without its instance.secret file?).',
        )
      }
    },
  }
}
