import { defineJob } from '../../kernel/job'
import { databaseFile } from '../../kernel/config'
import { isBackupDue, pruneScheduledBackups, scheduledBackupName, snapshotOffThread } from './scheduled'
import { join } from 'node:path'

export const dailyBackupJob = defineJob({
  name: 'backup.daily',
  pattern: '0 17 * * * *',
  description:
    'Off unless WORKFORCE_BACKUP_DIR is set: once a day takes an online snapshot of the database into that directory (without instance.secret), keeping the newest WORKFORCE_BACKUP_KEEP (7).',
  each: 'global',
  async run(rt, { now }) {
    const dir = rt.config.backupDir
    if (!dir || !isBackupDue(dir, now)) return { processed: 0 }
    const result = await snapshotOffThread(databaseFile(rt.config), join(dir, scheduledBackupName(now)), { withSecret: false })
    const removed = pruneScheduledBackups(dir, rt.config.backupKeep)
    rt.log.info('backup taken', { file: result.file, bytes: result.bytes, ms: result.ms, removed: removed.length })
    return { processed: 1 }
  },
})

export const backupJobs = [dailyBackupJob]
