import { createPrivateKey, X509Certificate } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { CliError } from './common'

/** What Bun.serve takes as `tls`: the PEM texts, read once at start. */
export interface TlsFiles {
  cert: string
  key: string
}

/**
 * Reads and checks --tls-cert / --tls-key (WORKFORCE_TLS_CERT / WORKFORCE_TLS_KEY) before anything
 * else starts, so that a wrong path, an unreadable file, a file that is not PEM or a key that does
 * not belong to the certificate is refused with a message naming the file, not at the first
 * handshake. Both or neither; null when neither (plain HTTP).
 */
export function loadTls(certPath: string | null, keyPath: string | null): TlsFiles | null {
  if (!certPath && !keyPath) return null
  if (!certPath || !keyPath) {
    throw new CliError(
      `HTTPS needs both --tls-cert and --tls-key (WORKFORCE_TLS_CERT / WORKFORCE_TLS_KEY); only ${certPath ? '--tls-cert' : '--tls-key'} was given.`,
    )
  }
  const cert = readPem(certPath, '--tls-cert')
  const key = readPem(keyPath, '--tls-key')
  let x509: X509Certificate
  try {
    x509 = new X509Certificate(cert)
  } catch (e) {
    throw new CliError(`--tls-cert ${certPath} is not a PEM certificate (${(e as Error).message}).`)
  }
  let privateKey: ReturnType<typeof createPrivateKey>
  try {
    privateKey = createPrivateKey(key)
  } catch (e) {
    throw new CliError(`--tls-key ${keyPath} is not an unencrypted PEM private key (${(e as Error).message}).`)
  }
  if (!x509.checkPrivateKey(privateKey)) throw new CliError(`--tls-key ${keyPath} is not the private key of the certificate in --tls-cert ${certPath}.`)
  return { cert, key }
}

function readPem(path: string, flag: string): string {
  try {
    return readFileSync(path, 'utf8')
  } catch (e) {
    const code = (e as { code?: string }).code
    const why = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : code === 'EISDIR' ? 'is a directory' : (e as Error).message
    throw new CliError(`cannot read ${flag} ${path}: ${why}.`)
  }
}
