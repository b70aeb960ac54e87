import { lookup } from 'node:dns/promises'
import { DomainError } from '../../kernel/errors'
import { blockedReason, parseCidr, parseIp, type Cidr } from './ip-ranges'

/** Longest webhook URL accepted. */
export const MAX_URL_LENGTH = 2048

/** Why a URL may not be used; the message is written for the integrator. */
export class UrlRefused extends Error {
  override readonly name = 'UrlRefused'
}

/** The operator's allow-list (config.webhookAllowCidrs); malformed entries are ignored. */
export const allowList = (cidrs: readonly string[]): Cidr[] => cidrs.map(parseCidr).filter((c): c is Cidr => c !== null)

/** Static checks: http/https only, no credentials, a host, a sane length. */
export function checkUrlShape(raw: string): URL {
  if (raw.length > MAX_URL_LENGTH) throw new UrlRefused(`The URL is longer than ${MAX_URL_LENGTH} characters.`)
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new UrlRefused('The URL is not a valid absolute URL.')
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new UrlRefused('The URL must use http or https.')
  if (url.username || url.password)
    throw new UrlRefused('The URL must not carry credentials (user:password@); authenticate deliveries with the signature instead.')
  if (!url.hostname) throw new UrlRefused('The URL has no host.')
  return url
}

/** The host without IPv6 brackets, as DNS and the IP parser want it. */
export const bareHost = (url: URL): string => url.hostname.replace(/^\[|\]$/g, '')

/**
 * Every address must be public or allow-listed: a host that resolves to one public and one
 * private address is refused, so DNS answers cannot steer a delivery inside.
 */
export function checkAddresses(host: string, addresses: readonly string[], allow: readonly Cidr[]): void {
  if (addresses.length === 0) throw new UrlRefused(`The host ${host} does not resolve to any address.`)
  for (const address of addresses) {
    const reason = blockedReason(address, allow)
    if (reason) {
      const shown = address === host ? address : `${host} (${address})`
      throw new UrlRefused(
        `The address ${shown} is ${reason}; webhooks may not reach it unless the operator allow-lists its range (WORKFORCE_WEBHOOK_ALLOW_CIDRS).`,
      )
    }
  }
}

/** Resolves a host to all its addresses (an IP literal resolves to itself). */
export async function resolveHost(host: string): Promise<string[]> {
  if (parseIp(host)) return [host]
  try {
    return (await lookup(host, { all: true, verbatim: true })).map((a) => a.address)
  } catch {
    throw new UrlRefused(`The host ${host} cannot be resolved.`)
  }
}

/** Subscribe-time check of a webhook URL: shape, then every resolved address. */
export async function checkWebhookUrl(raw: string, allowCidrs: readonly string[]): Promise<URL> {
  try {
    const url = checkUrlShape(raw)
    checkAddresses(bareHost(url), await resolveHost(bareHost(url)), allowList(allowCidrs))
    return url
  } catch (e) {
    if (e instanceof UrlRefused) throw new DomainError('invalid_argument', `Webhook URL refused: ${e.message}`, { field: 'url' })
    throw e
  }
}
