import type { ConsolePage } from './pages'
import { accountPage } from './pages/account'
import { reportsPage } from './pages/reports'
import { approvalsPage } from './pages/approvals'
import { myProductivityPage } from './pages/my-productivity'
import { myTimesheetPage } from './pages/my-timesheet'
import { teamAlertsPage } from './pages/team-alerts'
import { teamCorrectionsPage } from './pages/team-corrections'
import { teamHoursPage } from './pages/team-hours'
import { integrationsAuditPage } from './pages/integrations-audit'
import { integrationsBillingPage } from './pages/integrations-billing'
import { integrationsJobsPage } from './pages/integrations-jobs'
import { integrationsKeysPage } from './pages/integrations-keys'
import { integrationsWebhooksPage } from './pages/integrations-webhooks'
import { adminAbsencesPage } from './pages/admin-absences'
import { adminCategoriesPage } from './pages/admin-categories'
import { adminCostCentersPage } from './pages/admin-cost-centers'
import { adminOfficesPage } from './pages/admin-offices'
import { adminPeoplePage, adminPersonPage } from './pages/admin-people'
import { adminRatesPage } from './pages/admin-rates'
import { adminSchedulesPage } from './pages/admin-schedules'
import { adminSettingsPage } from './pages/admin-settings'
import { adminTeamsPage } from './pages/admin-teams'
import { oauthAdminPage } from './pages/oauth-admin'
import { oauthAppsPage } from './pages/oauth-apps'
import { oauthConsentPage } from './pages/oauth-consent'
import { teamNowPage } from './pages/team-now'
import { managerProductivityPage } from './pages/manager-productivity'
import { todayPage } from './pages/today'

/** Every page of the console, in navigation order within its section. Add a page: one line here. */
export const CONSOLE_PAGES: ConsolePage[] = [
  todayPage,
  myTimesheetPage,
  myProductivityPage,
  teamNowPage,
  approvalsPage,
  teamHoursPage,
  teamAlertsPage,
  managerProductivityPage,
  teamCorrectionsPage,
  reportsPage,
  adminPeoplePage,
  adminPersonPage,
  adminTeamsPage,
  adminSettingsPage,
  adminRatesPage,
  adminSchedulesPage,
  adminOfficesPage,
  adminAbsencesPage,
  adminCategoriesPage,
  adminCostCentersPage,
  integrationsKeysPage,
  integrationsWebhooksPage,
  integrationsAuditPage,
  integrationsJobsPage,
  integrationsBillingPage,
  oauthAdminPage,
  accountPage,
  oauthAppsPage,
  oauthConsentPage,
]
