import { defineJob } from '../../kernel/job'
import { announceTrialsEnding } from './announce-trial-ending'

export const trialEndingJob = defineJob({
  name: 'billing.trial_ending',
  pattern: '0 7 * * * *',
  description: 'Emits subscription.trial_ending once for each trial that ends within 3 days.',
  each: 'global',
  run: (rt, { now }) => ({ processed: announceTrialsEnding(rt.db, now) }),
})

export const billingJobs = [trialEndingJob]
