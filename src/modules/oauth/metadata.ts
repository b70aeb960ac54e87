import { mcpResource, SCOPES } from './authorization'

/** Where the Protected Resource Metadata of the MCP endpoint is (RFC 9728 §3.1). */
export const PRM_PATH = '/.well-known/oauth-protected-resource/api/mcp/v1'

/** The WWW-Authenticate challenge of the MCP endpoint's 401s (RFC 9728 §5.1, RFC 6750 §3). */
export function bearerChallenge(issuer: string, error?: 'invalid_token'): string {
  const parts = [`resource_metadata="${issuer}${PRM_PATH}"`, `scope="${SCOPES.join(' ')}"`]
  if (error) parts.unshift(`error="${error}"`)
  return `Bearer ${parts.join(', ')}`
}

/** RFC 9728: what the MCP endpoint is, and which authorization server issues its tokens. */
export const protectedResourceMetadata = (issuer: string) => ({
  resource: mcpResource(issuer),
  authorization_servers: [issuer],
  scopes_supported: [...SCOPES],
  bearer_methods_supported: ['header'],
  resource_name: 'workforce MCP server',
})

/** RFC 8414 (also served at the OpenID Connect discovery path). */
export const authorizationServerMetadata = (issuer: string) => ({
  issuer,
  authorization_endpoint: `${issuer}/oauth/authorize`,
  token_endpoint: `${issuer}/oauth/token`,
  registration_endpoint: `${issuer}/oauth/register`,
  revocation_endpoint: `${issuer}/oauth/revoke`,
  scopes_supported: [...SCOPES],
  response_types_supported: ['code'],
  response_modes_supported: ['query'],
  grant_types_supported: ['authorization_code', 'refresh_token'],
  code_challenge_methods_supported: ['S256'],
  token_endpoint_auth_methods_supported: ['none'],
  revocation_endpoint_auth_methods_supported: ['none'],
  client_id_metadata_document_supported: true,
  authorization_response_iss_parameter_supported: true,
})
