import type { ConsolePage } from './pages'
import { accountPage } from './pages/account'
import { adminAbsencesPage } from './pages/admin-absences'
import { adminCategoriesPage } from './pages/admin-categories'
import { adminOfficesPage } from './pages/admin-offices'
import { adminPeoplePage, adminPersonPage } from './pages/admin-people'
import { adminRatesPage } from './pages/admin-rates'
import { adminSchedulesPage } from './pages/admin-schedules'
import { adminSettingsPage } from './pages/admin-settings'
import { adminTeamsPage } from './pages/admin-teams'
import { teamNowPage } from './pages/team-now'
import { todayPage } from './pages/today'

/** Every page of the console, in navigation order within its section. Add a page: one line here. */
export const CONSOLE_PAGES: ConsolePage[] = [todayPage, teamNowPage, accountPage]
// Admin configuration pages (issue 15 item 5, configuration part).
CONSOLE_PAGES.push(
  adminPeoplePage,
  adminPersonPage,
  adminTeamsPage,
  adminSettingsPage,
  adminRatesPage,
  adminSchedulesPage,
  adminOfficesPage,
  adminAbsencesPage,
  adminCategoriesPage,
)
