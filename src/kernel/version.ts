/** Versions the spec fixes: server 1.6.0 speaking MCP protocol 2025-03-26 by default. */
export const SERVER_NAME = 'workforce'
export const SERVER_VERSION = '1.6.0'
export const DEFAULT_PROTOCOL_VERSION = '2025-03-26'
export const SUPPORTED_PROTOCOL_VERSIONS = ['2025-03-26', '2025-06-18', '2025-11-25'] as const
