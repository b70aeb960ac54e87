import { setDefaultTimeout } from 'bun:test'

// Tests start real servers and CLI processes; on a loaded 2-core box 5 s is too tight.
setDefaultTimeout(60_000)
