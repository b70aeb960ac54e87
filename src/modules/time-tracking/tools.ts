import { clockIn } from './clock-in'
import { clockOut } from './clock-out'

/** MCP tools of the time-tracking module. */
export const timeTrackingTools = [clockIn, clockOut] as const
