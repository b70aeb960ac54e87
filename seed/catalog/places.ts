import { zoneOffset } from '../../src/kernel/time'

/** A real office location: city-centre business districts with their real coordinates. */
export interface Place {
  name: string
  address: string
  city: string
  country: string
  latitude: number
  longitude: number
  radiusMeters: number
}

/** Offices of one demo company all share the company's time zone, as most real multi-site firms in one country do. */
export interface Region {
  timezone: string
  currency: string
  /** Multiplier from EUR-like hourly rates to the local currency. */
  rateScale: number
  emailDomain: string
  places: [Place, Place, Place]
}

const p = (name: string, address: string, city: string, country: string, latitude: number, longitude: number, radiusMeters = 200): Place => ({
  name,
  address,
  city,
  country,
  latitude,
  longitude,
  radiusMeters,
})

export const REGIONS: Region[] = [
  {
    timezone: 'Europe/Berlin',
    currency: 'EUR',
    rateScale: 1,
    emailDomain: 'northwind-logistics.example',
    places: [
      p('Berlin HQ', 'Friedrichstraße 68, 10117 Berlin', 'Berlin', 'DE', 52.5094, 13.3889),
      p('Hamburg Hub', 'Am Sandtorkai 50, 20457 Hamburg', 'Hamburg', 'DE', 53.5436, 9.9886, 350),
      p('Munich Office', 'Leopoldstraße 28, 80802 München', 'Munich', 'DE', 48.1566, 11.5834),
    ],
  },
  {
    timezone: 'Europe/London',
    currency: 'GBP',
    rateScale: 0.86,
    emailDomain: 'northwind-logistics.example',
    places: [
      p('London HQ', '1 Finsbury Avenue, London EC2M 2PF', 'London', 'GB', 51.5202, -0.0847),
      p('Felixstowe Hub', 'Dock Gate 2, Felixstowe IP11 3SY', 'Felixstowe', 'GB', 51.9537, 1.3065, 400),
      p('Manchester Office', '1 Spinningfields, Manchester M3 3JE', 'Manchester', 'GB', 53.4803, -2.2516),
    ],
  },
  {
    timezone: 'Europe/Paris',
    currency: 'EUR',
    rateScale: 1,
    emailDomain: 'northwind-logistics.example',
    places: [
      p('Paris HQ', "40 Rue de la Chaussée-d'Antin, 75009 Paris", 'Paris', 'FR', 48.8742, 2.3325),
      p('Le Havre Hub', "Quai de l'Europe, 76600 Le Havre", 'Le Havre', 'FR', 49.4833, 0.1333, 400),
      p('Lyon Office', '107 Rue Servient, 69003 Lyon', 'Lyon', 'FR', 45.7606, 4.8546),
    ],
  },
  {
    timezone: 'Europe/Amsterdam',
    currency: 'EUR',
    rateScale: 1,
    emailDomain: 'northwind-logistics.example',
    places: [
      p('Amsterdam HQ', 'Gustav Mahlerplein 2, 1082 MA Amsterdam', 'Amsterdam', 'NL', 52.3384, 4.8735),
      p('Rotterdam Hub', 'Waalhaven Zuidzijde 19, 3089 JH Rotterdam', 'Rotterdam', 'NL', 51.889, 4.4286, 400),
      p('Utrecht Office', 'Croeselaan 18, 3521 CB Utrecht', 'Utrecht', 'NL', 52.0866, 5.1108),
    ],
  },
  {
    timezone: 'Europe/Madrid',
    currency: 'EUR',
    rateScale: 0.85,
    emailDomain: 'northwind-logistics.example',
    places: [
      p('Madrid HQ', 'Paseo de la Castellana 259, 28046 Madrid', 'Madrid', 'ES', 40.478, -3.6885),
      p('Valencia Hub', 'Muelle del Turia, 46024 Valencia', 'Valencia', 'ES', 39.4496, -0.3226, 400),
      p('Barcelona Office', 'Avinguda Diagonal 640, 08017 Barcelona', 'Barcelona', 'ES', 41.3934, 2.1362),
    ],
  },
  {
    timezone: 'Europe/Warsaw',
    currency: 'PLN',
    rateScale: 3.2,
    emailDomain: 'northwind-logistics.example',
    places: [
      p('Warsaw HQ', 'Rondo Daszyńskiego 1, 00-843 Warszawa', 'Warsaw', 'PL', 52.2302, 20.9836),
      p('Gdańsk Hub', 'ul. Przemysłowa 1, 80-542 Gdańsk', 'Gdańsk', 'PL', 54.3956, 18.6636, 400),
      p('Kraków Office', 'ul. Kapelanka 42, 30-347 Kraków', 'Kraków', 'PL', 50.037, 19.9325),
    ],
  },
  {
    timezone: 'America/New_York',
    currency: 'USD',
    rateScale: 1.1,
    emailDomain: 'northwind-logistics.example',
    places: [
      p('New York HQ', '200 Vesey Street, New York, NY 10281', 'New York', 'US', 40.7142, -74.0153),
      p('Newark Hub', '1210 Corbin Street, Elizabeth, NJ 07201', 'Elizabeth', 'US', 40.6765, -74.1494, 400),
      p('Boston Office', '100 Summer Street, Boston, MA 02110', 'Boston', 'US', 42.3545, -71.0588),
    ],
  },
  {
    timezone: 'America/Chicago',
    currency: 'USD',
    rateScale: 1.1,
    emailDomain: 'northwind-logistics.example',
    places: [
      p('Chicago HQ', '233 S Wacker Drive, Chicago, IL 60606', 'Chicago', 'US', 41.8789, -87.6359),
      p('Joliet Hub', '2500 Channahon Road, Joliet, IL 60436', 'Joliet', 'US', 41.4892, -88.1342, 400),
      p('Austin Office', '500 W 2nd Street, Austin, TX 78701', 'Austin', 'US', 30.2653, -97.7497),
    ],
  },
  {
    timezone: 'America/Los_Angeles',
    currency: 'USD',
    rateScale: 1.2,
    emailDomain: 'northwind-logistics.example',
    places: [
      p('San Francisco HQ', '415 Mission Street, San Francisco, CA 94105', 'San Francisco', 'US', 37.7898, -122.3969),
      p('Oakland Hub', '1 Market Street, Oakland, CA 94607', 'Oakland', 'US', 37.7958, -122.279, 400),
      p('Seattle Office', '1201 2nd Avenue, Seattle, WA 98101', 'Seattle', 'US', 47.6069, -122.3375),
    ],
  },
  {
    timezone: 'America/Toronto',
    currency: 'CAD',
    rateScale: 1.5,
    emailDomain: 'northwind-logistics.example',
    places: [
      p('Toronto HQ', '100 King Street West, Toronto, ON M5X 1A9', 'Toronto', 'CA', 43.6487, -79.3817),
      p('Mississauga Hub', '6300 Northwest Drive, Mississauga, ON L4V 1J7', 'Mississauga', 'CA', 43.7001, -79.6436, 400),
      p('Montreal Office', '1000 Rue De La Gauchetière O, Montréal, QC H3B 4W5', 'Montreal', 'CA', 45.4985, -73.5676),
    ],
  },
  {
    timezone: 'Asia/Singapore',
    currency: 'SGD',
    rateScale: 1.5,
    emailDomain: 'northwind-logistics.example',
    places: [
      p('Singapore HQ', '8 Marina View, Singapore 018960', 'Singapore', 'SG', 1.2797, 103.8514),
      p('Tuas Hub', '10 Tuas South Avenue 2, Singapore 637026', 'Singapore', 'SG', 1.2978, 103.631, 400),
      p('one-north Office', '1 Fusionopolis Way, Singapore 138632', 'Singapore', 'SG', 1.2989, 103.7875),
    ],
  },
  {
    timezone: 'Asia/Tokyo',
    currency: 'JPY',
    rateScale: 160,
    emailDomain: 'northwind-logistics.example',
    places: [
      p('Tokyo HQ', '2-7-2 Marunouchi, Chiyoda-ku, Tokyo 100-7090', 'Tokyo', 'JP', 35.6797, 139.7647),
      p('Yokohama Hub', '1-1 Honmoku-futo, Naka-ku, Yokohama 231-0811', 'Yokohama', 'JP', 35.4266, 139.669, 400),
      p('Osaka Office', '3-1-3 Umeda, Kita-ku, Osaka 530-0001', 'Osaka', 'JP', 34.7024, 135.4959),
    ],
  },
  {
    timezone: 'Asia/Kolkata',
    currency: 'INR',
    rateScale: 40,
    emailDomain: 'northwind-logistics.example',
    places: [
      p('Bengaluru HQ', 'Embassy Golf Links, Bengaluru 560071', 'Bengaluru', 'IN', 12.9502, 77.6415),
      p('Chennai Hub', 'Ennore Port Road, Chennai 600057', 'Chennai', 'IN', 13.2311, 80.3247, 400),
      p('Pune Office', 'Hinjewadi Phase 1, Pune 411057', 'Pune', 'IN', 18.5913, 73.7389),
    ],
  },
  {
    timezone: 'Australia/Sydney',
    currency: 'AUD',
    rateScale: 1.6,
    emailDomain: 'northwind-logistics.example',
    places: [
      p('Sydney HQ', '1 Macquarie Place, Sydney NSW 2000', 'Sydney', 'AU', -33.863, 151.2105),
      p('Port Botany Hub', 'Friendship Road, Port Botany NSW 2036', 'Sydney', 'AU', -33.968, 151.2195, 400),
      p('Melbourne Office', '727 Collins Street, Docklands VIC 3008', 'Melbourne', 'AU', -37.8197, 144.9475),
    ],
  },
]

/**
 * The region of the company's time zone, or for zones without a list the region whose UTC
 * offset is closest at `now` (offices keep their own real zone then).
 */
export function regionFor(timezone: string, now: number): Region {
  const exact = REGIONS.find((r) => r.timezone === timezone)
  if (exact) return exact
  if (timezone === 'UTC' || timezone === 'Etc/UTC') return REGIONS.find((r) => r.timezone === 'Europe/London')!
  const offset = zoneOffset(now, timezone)
  let best = REGIONS[0]!
  for (const r of REGIONS) if (Math.abs(zoneOffset(now, r.timezone) - offset) < Math.abs(zoneOffset(now, best.timezone) - offset)) best = r
  return best
}
