import { getDataDictionary } from './get-data-dictionary'
import { getDemoScenarios } from './get-demo-scenarios'
import { getStartedGuide } from './get-started-guide'
import { switchToDemo } from './switch-to-demo'
import { switchToProduction } from './switch-to-production'

/** MCP onboarding and utility tools. */
export const onboardingTools = [getStartedGuide, getDataDictionary, switchToDemo, switchToProduction, getDemoScenarios] as const
