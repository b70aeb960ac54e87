import { Command } from 'commander'
import { loadConfig } from '../kernel/config'
import { restoreInto } from '../modules/backup/restore'
import { dataOption, printJson, type DataOpts } from './common'

interface RestoreOpts extends DataOpts {
  secret?: string
  force?: boolean
  json?: boolean
}

const SECRET_NOTES = {
  restored: 'instance secret restored from the backup',
  unchanged: 'instance secret unchanged (the backup has the same one)',
  kept: 'no instance secret came with the backup: the data directory keeps its own (right for a backup of this instance). If the backup came from another instance, restore again with --secret FILE, or its encrypted secrets cannot be read.',
  missing:
    'warning: no instance secret anywhere; serve will make a new one and encrypted values of the backup cannot be read. Restore again with --secret FILE if you have it.',
} as const

export const restoreCommand = new Command('restore')
  .description('Restore a backup into a stopped instance; the current database is kept aside, renamed.')
  .argument('<file>', 'backup file made by `workforce backup`')
  .option('--secret <file>', 'instance secret to restore (default: FILE.secret beside the backup, if present)')
  .option('--force', 'replace a current database too damaged to open (only with no workforce process on the directory)')
  .option('--json', 'print JSON')
  .addOption(dataOption())
  .action((file: string, opts: RestoreOpts) => {
    const config = loadConfig({ dataDir: opts.data, logLevel: 'warn' })
    const result = restoreInto(file, config.dataDir, { secretFile: opts.secret ?? null, now: Date.now(), force: opts.force === true })
    if (opts.json) return printJson({ database: result.database, set_aside: result.setAside, secret: result.secret })
    console.log(`restored ${file} into ${result.database} (integrity ok)`)
    for (const f of result.setAside) console.log(`kept aside: ${f}`)
    console.log(SECRET_NOTES[result.secret])
    console.log('Start the server: it migrates an older backup forward.')
  })
