import type { ConsolePage } from './pages'
import { accountPage } from './pages/account'
import { oauthAppsPage } from './pages/oauth-apps'
import { oauthConsentPage } from './pages/oauth-consent'
import { teamNowPage } from './pages/team-now'
import { todayPage } from './pages/today'

/** Every page of the console, in navigation order within its section. Add a page: one line here. */
export const CONSOLE_PAGES: ConsolePage[] = [todayPage, teamNowPage, accountPage, oauthAppsPage, oauthConsentPage]
