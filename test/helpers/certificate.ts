import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * A self-signed certificate for 127.0.0.1 (and localhost), made with the system's openssl, for a
 * loopback https site a test serves (a Client ID Metadata Document, a receiver). Pass `cert` as
 * NODE_EXTRA_CA_CERTS to the server that must trust it. Remove `dir` when done.
 */
export function loopbackCertificate(prefix: string): { dir: string; cert: string; key: string } {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  const cert = join(dir, 'cert.pem')
  const key = join(dir, 'key.pem')
  const made = Bun.spawnSync(
    ['openssl', 'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '5'].concat([
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
    ]),
    { stderr: 'pipe' },
  )
  if (made.exitCode !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr.toString()}`)
  return { dir, cert, key }
}
