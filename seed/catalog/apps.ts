import type { Category } from '../../src/modules/activity/schema'
import { categorizer, type Categorize, type CategoryRuleInput } from '../../src/modules/activity/categorize'
import type { WorkProfile } from '../../src/modules/users/schema'

/** Desktop applications the agent reports, with macOS bundle ids and Windows executables. */
export interface AppSpec {
  name: string
  mac: string
  win: string
  /** Typical length of one uninterrupted stretch in this application, in minutes. */
  minutes: [number, number]
}

const FOCUS: [number, number] = [12, 48]
const MEETING: [number, number] = [25, 60]
const CHAT: [number, number] = [5, 20]
const DISTRACTION: [number, number] = [4, 16]

const a = (name: string, mac: string, win: string, minutes: [number, number] = FOCUS): AppSpec => ({ name, mac, win, minutes })

export const APPS: Record<string, AppSpec> = Object.fromEntries(
  [
    a('Visual Studio Code', 'com.microsoft.VSCode', 'Code.exe'),
    a('IntelliJ IDEA', 'com.jetbrains.intellij', 'idea64.exe'),
    a('Terminal', 'com.apple.Terminal', 'WindowsTerminal.exe', [4, 20]),
    a('Docker Desktop', 'com.docker.docker', 'Docker Desktop.exe', [3, 12]),
    a('Postman', 'com.postmanlabs.mac', 'Postman.exe', [4, 18]),
    a('DataGrip', 'com.jetbrains.datagrip', 'datagrip64.exe'),
    a('Jira', 'com.atlassian.jira.mac', 'Jira.exe', [3, 15]),
    a('Confluence', 'com.atlassian.confluence', 'Confluence.exe', [4, 20]),
    a('Zendesk', 'com.zendesk.agent', 'Zendesk.exe'),
    a('Intercom', 'io.intercom.desktop', 'Intercom.exe', [5, 25]),
    a('Salesforce', 'com.salesforce.desktop', 'Salesforce.exe'),
    a('HubSpot', 'com.hubspot.desktop', 'HubSpot.exe', [5, 25]),
    a('Gong', 'io.gong.desktop', 'Gong.exe', MEETING),
    a('Figma', 'com.figma.Desktop', 'Figma.exe', [10, 45]),
    a('Adobe Photoshop', 'com.adobe.Photoshop', 'Photoshop.exe'),
    a('Adobe Illustrator', 'com.adobe.illustrator', 'Illustrator.exe'),
    a('Miro', 'com.electron.realtimeboard', 'Miro.exe', [8, 30]),
    a('SAP GUI', 'com.sap.platin', 'saplogon.exe'),
    a('Samsara', 'com.samsara.dashboard', 'Samsara.exe', [5, 25]),
    a('Microsoft Excel', 'com.microsoft.Excel', 'EXCEL.EXE'),
    a('Microsoft Word', 'com.microsoft.Word', 'WINWORD.EXE'),
    a('Microsoft PowerPoint', 'com.microsoft.Powerpoint', 'POWERPNT.EXE'),
    a('Microsoft Outlook', 'com.microsoft.Outlook', 'OUTLOOK.EXE', CHAT),
    a('Slack', 'com.tinyspeck.slackmacgap', 'slack.exe', CHAT),
    a('Zoom', 'us.zoom.xos', 'Zoom.exe', MEETING),
    a('Microsoft Teams', 'com.microsoft.teams2', 'ms-teams.exe', MEETING),
    a('Google Chrome', 'com.google.Chrome', 'chrome.exe', [3, 15]),
    a('Notion', 'notion.id', 'Notion.exe', [4, 18]),
    a('Spotify', 'com.spotify.client', 'Spotify.exe', [1, 4]),
    a('LinkedIn', 'com.linkedin.desktop', 'LinkedIn.exe', DISTRACTION),
    a('YouTube', 'com.google.youtube', 'YouTube.exe', DISTRACTION),
    a('Reddit', 'com.reddit.desktop', 'Reddit.exe', DISTRACTION),
    a('Netflix', 'com.netflix.desktop', 'Netflix.exe', [10, 25]),
    a('Instagram', 'com.burbn.instagram', 'Instagram.exe', DISTRACTION),
    a('Facebook', 'com.facebook.desktop', 'Facebook.exe', DISTRACTION),
    a('X (Twitter)', 'com.twitter.twitter-mac', 'X.exe', DISTRACTION),
    a('Steam', 'com.valvesoftware.steam', 'steam.exe', [5, 20]),
  ].map((app) => [app.name, app]),
)

/** Tenant-wide category rules (work_profile null). */
export const GENERAL_RULES: [string, Category][] = [
  ['Visual Studio Code', 'productive'],
  ['IntelliJ IDEA', 'productive'],
  ['Terminal', 'productive'],
  ['Docker Desktop', 'productive'],
  ['Postman', 'productive'],
  ['DataGrip', 'productive'],
  ['Jira', 'productive'],
  ['Confluence', 'productive'],
  ['Zendesk', 'productive'],
  ['Intercom', 'productive'],
  ['Salesforce', 'productive'],
  ['HubSpot', 'productive'],
  ['Gong', 'productive'],
  ['Figma', 'productive'],
  ['Adobe Photoshop', 'productive'],
  ['Adobe Illustrator', 'productive'],
  ['Miro', 'productive'],
  ['SAP GUI', 'productive'],
  ['Samsara', 'productive'],
  ['Microsoft Excel', 'productive'],
  ['Microsoft Word', 'productive'],
  ['Microsoft PowerPoint', 'productive'],
  ['Microsoft Outlook', 'neutral'],
  ['Slack', 'neutral'],
  ['Zoom', 'neutral'],
  ['Microsoft Teams', 'neutral'],
  ['Google Chrome', 'neutral'],
  ['Notion', 'neutral'],
  ['Spotify', 'neutral'],
  ['LinkedIn', 'unproductive'],
  ['YouTube', 'unproductive'],
  ['Reddit', 'unproductive'],
  ['Netflix', 'unproductive'],
  ['Instagram', 'unproductive'],
  ['Facebook', 'unproductive'],
  ['X (Twitter)', 'unproductive'],
  ['Steam', 'unproductive'],
]

/** Overrides per work profile: what is a distraction for one job is the job for another. */
export const PROFILE_RULES: Partial<Record<WorkProfile, [string, Category][]>> = {
  sales: [
    ['LinkedIn', 'productive'],
    ['Zoom', 'productive'],
  ],
  design: [['Instagram', 'neutral']],
  operations: [['Microsoft Outlook', 'productive']],
  management: [
    ['Microsoft Outlook', 'productive'],
    ['Zoom', 'productive'],
    ['Slack', 'productive'],
  ],
}

/** How often each profile uses each application (relative weights). */
export const USAGE: Record<WorkProfile, Record<string, number>> = {
  engineering: {
    'Visual Studio Code': 5,
    'IntelliJ IDEA': 3,
    Terminal: 3,
    'Docker Desktop': 1,
    Postman: 1,
    DataGrip: 1,
    Jira: 1.5,
    Confluence: 0.7,
    Slack: 4,
    Zoom: 2,
    'Google Chrome': 3,
    'Microsoft Outlook': 1,
    Notion: 1,
    Spotify: 0.5,
    YouTube: 3,
    Reddit: 3,
    'X (Twitter)': 1,
    Netflix: 0.3,
    Steam: 0.2,
  },
  support: {
    Zendesk: 6,
    Intercom: 3,
    Jira: 1,
    Confluence: 1.5,
    'Microsoft Excel': 0.5,
    Slack: 4,
    'Microsoft Teams': 1,
    'Google Chrome': 3,
    'Microsoft Outlook': 2,
    YouTube: 2,
    Reddit: 1,
    Facebook: 2,
    Instagram: 1.5,
  },
  sales: {
    Salesforce: 6,
    HubSpot: 2,
    LinkedIn: 3,
    Zoom: 3,
    Gong: 1,
    'Microsoft PowerPoint': 1,
    'Microsoft Excel': 1,
    Slack: 3,
    'Google Chrome': 3,
    'Microsoft Outlook': 3,
    YouTube: 2,
    Instagram: 2,
    Facebook: 1,
    'X (Twitter)': 1,
  },
  design: {
    Figma: 7,
    'Adobe Photoshop': 2,
    'Adobe Illustrator': 1.5,
    Miro: 2,
    Jira: 0.5,
    Slack: 3,
    Zoom: 2,
    'Google Chrome': 3,
    Notion: 1,
    Instagram: 1,
    Spotify: 0.5,
    YouTube: 2,
    Reddit: 2,
    Netflix: 0.3,
  },
  operations: {
    'SAP GUI': 5,
    Samsara: 4,
    'Microsoft Excel': 3,
    'Microsoft Outlook': 2,
    'Microsoft Teams': 1,
    'Google Chrome': 2,
    Slack: 1,
    YouTube: 2,
    Facebook: 2,
    Instagram: 1,
  },
  management: {
    'Microsoft Outlook': 3,
    'Microsoft Excel': 3,
    'Microsoft PowerPoint': 2,
    Zoom: 3,
    Slack: 2,
    'Google Chrome': 2,
    Notion: 1,
    'Microsoft Teams': 1,
    'X (Twitter)': 1,
    YouTube: 0.5,
    LinkedIn: 1,
  },
}

/**
 * The category rules the seed writes (company/write.ts), in the categoriser's order: the profile
 * overrides (priority 10), the terminal window class for engineering (50), the general rules (100).
 * Exact matches on the application name, so a later rule change recomputes the same categories.
 */
export const SEED_RULES: (CategoryRuleInput & { priority: number })[] = [
  ...Object.entries(PROFILE_RULES).flatMap(([profile, rules]) =>
    rules!.map(([pattern, category]) => ({
      matchField: 'application' as const,
      matchKind: 'exact' as const,
      pattern,
      category,
      workProfile: profile as WorkProfile,
      priority: 10,
    })),
  ),
  { matchField: 'window_class', matchKind: 'contains', pattern: APPS.Terminal!.win, category: 'productive', workProfile: 'engineering', priority: 50 },
  ...GENERAL_RULES.map(([pattern, category]) => ({
    matchField: 'application' as const,
    matchKind: 'exact' as const,
    pattern,
    category,
    workProfile: null,
    priority: 100,
  })),
]

const seedCategorizers = new Map<WorkProfile, Categorize>()

/** An application's category for a profile, by the product's categoriser over the seed's rules. */
export function categoryOf(profile: WorkProfile, app: string): Category {
  let categorize = seedCategorizers.get(profile)
  if (!categorize) seedCategorizers.set(profile, (categorize = categorizer(SEED_RULES, profile)))
  return categorize(app, null)
}
