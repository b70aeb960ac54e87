import { getCapabilities } from './get-capabilities'
import { getPricingAndPlans } from './get-pricing-and-plans'
import { startFreeTrial } from './start-free-trial'

/** MCP discovery tools: callable without a key. */
export const discoveryTools = [getCapabilities, getPricingAndPlans, startFreeTrial] as const
