import { type DatabaseHandle, transaction } from '../../kernel/db'
import type { Logger } from '../../kernel/log'
import type { SecretBox } from '../../kernel/secret-box'
import { sealPlaintextTotpSecrets } from '../users/two-factor-queries'
import { signingSecretPurpose } from '../webhooks/signing'
import { sealPlaintextSigningSecrets } from '../webhooks/queries'
import { totpSecretPurpose } from './two-factor-secret'

/**
 * Run at every start (src/runtime.ts): seals the webhook signing secrets and TOTP secrets that a
 * release before encryption stored in clear. Idempotent, one transaction. When it sealed
 * anything, the clear values are also wiped from the free space of their pages (secure_delete)
 * and from the WAL (a TRUNCATE checkpoint), so the files no longer carry them.
 */
export function sealStoredSecrets(handle: DatabaseHandle, secrets: SecretBox, log: Logger): { signing: number; totp: number } {
  handle.sqlite.exec('PRAGMA secure_delete = ON')
  try {
    const sealed = transaction(handle.db, (tx) => ({
      signing: sealPlaintextSigningSecrets(tx, (plain, id) => secrets.seal(plain, signingSecretPurpose(id))),
      totp: sealPlaintextTotpSecrets(tx, (plain, id) => secrets.seal(plain, totpSecretPurpose(id))),
    }))
    if (sealed.signing + sealed.totp > 0) {
      const [busy] = handle.sqlite.query<{ busy: number }, []>('PRAGMA wal_checkpoint(TRUNCATE)').all()
      log.info('stored secrets encrypted', { ...sealed, walTruncated: busy?.busy === 0 })
    }
    return sealed
  } finally {
    handle.sqlite.exec('PRAGMA secure_delete = OFF')
  }
}
