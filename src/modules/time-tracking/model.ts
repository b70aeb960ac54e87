import { t } from 'elysia'

/** Coordinates a clock-in or clock-out may carry (WGS84 degrees); both or neither. */
export const Coordinates = {
  latitude: t.Optional(
    t.Number({ minimum: -90, maximum: 90, description: 'Latitude in WGS84 degrees (-90 to 90); send with longitude for geofence validation' }),
  ),
  longitude: t.Optional(t.Number({ minimum: -180, maximum: 180, description: 'Longitude in WGS84 degrees (-180 to 180); send with latitude' })),
}

export const ToolFailureFields = {
  error: t.Optional(t.String({ description: 'Error code when success is false (already_clocked_in, not_clocked_in, outside_geofence, …)' })),
  message: t.String({ description: 'What happened, written for the person' }),
}
