import type { ConsolePage } from './pages'
import { accountPage } from './pages/account'
import { integrationsAuditPage } from './pages/integrations-audit'
import { integrationsBillingPage } from './pages/integrations-billing'
import { integrationsJobsPage } from './pages/integrations-jobs'
import { integrationsKeysPage } from './pages/integrations-keys'
import { integrationsWebhooksPage } from './pages/integrations-webhooks'
import { teamNowPage } from './pages/team-now'
import { todayPage } from './pages/today'

/** Every page of the console, in navigation order within its section. Add a page: one line here. */
export const CONSOLE_PAGES: ConsolePage[] = [
  todayPage,
  teamNowPage,
  integrationsKeysPage,
  integrationsWebhooksPage,
  integrationsAuditPage,
  integrationsJobsPage,
  integrationsBillingPage,
  accountPage,
]
