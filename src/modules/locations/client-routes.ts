import { defineRoutes, post } from '../../kernel/route'
import { recordLocationPingsOp } from './record-location-pings'

/** Client API of the mobile app: positions while clocked in. */
export const locationsClientRoutes = defineRoutes({ surface: 'client', prefix: '/client' }, [post('/location-pings', recordLocationPingsOp)])
