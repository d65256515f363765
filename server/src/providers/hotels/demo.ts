import { HOTEL_LIMITS, type Hotel } from '@gowild/contract/extras';
import { randomFor } from '../../lib/seeded-random';
import { sortHotels } from './booking-com';
import { costLevel } from './cost-level';
import type { HotelPage, HotelPlace, HotelProvider, HotelQuery } from './hotels.provider';
import { utcDateOf } from '@gowild/contract/dates';

const NAMES = [
  'Meridian',
  'Alder',
  'Whitmore',
  'Sterling',
  'Larkspur',
  'Beacon',
  'Halcyon',
  'Juniper',
  'Copperline',
  'Westbrook',
  'Ashford',
  'Marlowe',
  'Hollis',
  'Cedarview',
  'Bellamy',
  'Linden',
  'Harbor Crest',
  'Summit Ridge',
  'Wren',
  'Kingsley',
  'Foxglove',
  'Calloway',
  'Ridgemont',
  'Everly',
  'Stonegate',
  'Brightwater',
  'Oakhurst',
  'Parkview',
  'Lakeside',
  'Sable',
];
const AREAS = ['Downtown', 'Midtown', 'Riverside', 'Old Town', 'Convention Center', 'Uptown', 'Waterfront', 'Arts District'];
const BEACH = new Set([
  'CUN',
  'SJD',
  'PVR',
  'MBJ',
  'PUJ',
  'NAS',
  'PLS',
  'SXM',
  'STT',
  'STX',
  'AUA',
  'ANU',
  'BGI',
  'POP',
  'SJU',
  'MYR',
  'PNS',
  'HNL',
  'FLL',
  'PBI',
  'SRQ',
  'RSW',
  'BQN',
]);
const AMENITIES_BY_TIER = [
  ['Free WiFi', 'Free parking', '24-hour front desk', 'Non-smoking rooms'],
  ['Free WiFi', 'Airport shuttle', 'Breakfast included', 'Fitness center', 'Free parking'],
  ['Free WiFi', 'Airport shuttle', 'Indoor pool', 'Fitness center', 'Restaurant', 'Breakfast included'],
  ['Free WiFi', 'Outdoor pool', 'Fitness center', 'Restaurant', 'Bar', 'Room service', 'Business center'],
  ['Free WiFi', 'Spa', 'Outdoor pool', 'Fine dining', 'Bar', 'Room service', 'Concierge', 'Valet parking'],
];
const SKY = ['#bfdbfe', '#fde68a', '#fecaca', '#c7d2fe', '#bbf7d0', '#fbcfe8'];
const WALL = ['#475569', '#0f766e', '#7c2d12', '#1e3a8a', '#6b21a8', '#374151'];

/** A picture drawn here, so the offline default needs no network: a façade in the hotel's colours, as an SVG data URL. */
function picture(seed: string, floors: number): string {
  const r = randomFor(seed, 'picture');
  const sky = SKY[Math.floor(r() * SKY.length)];
  const wall = WALL[Math.floor(r() * WALL.length)];
  const h = 20 + floors * 14;
  let windows = '';
  for (let f = 0; f < floors; f++)
    for (let c = 0; c < 5; c++)
      windows += `<rect x='${62 + c * 18}' y='${172 - h + 10 + f * 14}' width='9' height='7' fill='${r() < 0.6 ? '#fef3c7' : '#94a3b8'}'/>`;
  const svg = `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 220 180'><rect width='220' height='180' fill='${sky}'/><circle cx='${30 + r() * 160}' cy='34' r='14' fill='#fff7ed' opacity='.8'/><rect x='0' y='168' width='220' height='12' fill='#65a30d'/><rect x='52' y='${172 - h}' width='104' height='${h}' fill='${wall}'/>${windows}<rect x='96' y='156' width='16' height='16' fill='#1f2937'/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

interface DemoHotelBase {
  id: string;
  name: string;
  stars: number;
  /** Price level against the city's: 0.7 (budget) … 2.2 (luxury). */
  tier: number;
  distance: number;
  score: number;
  reviews: number;
  amenities: string[];
  floors: number;
  /** A place in "Recommended" order. */
  rank: number;
  soldOut: boolean;
  discount: number;
}

function hotelsOf(place: HotelPlace): DemoHotelBase[] {
  const r = randomFor('hotels', place.code);
  const level = costLevel(place.code);
  const beach = BEACH.has(place.code);
  const count = Math.round(16 + r() * 30 + level * 28);
  const names = [...NAMES].sort(() => r() - 0.5);
  const city = place.city.split('/')[0]!.trim();
  const out: DemoHotelBase[] = [];
  for (let i = 0; i < count; i++) {
    const base = names[i % names.length]!;
    const stars = Math.min(5, Math.max(1, Math.round(1.5 + r() * 3.6)));
    const kind = i % 6;
    const area = AREAS[Math.floor(r() * AREAS.length)]!;
    const name =
      kind === 0
        ? `${base} Inn & Suites ${city} Airport`
        : kind === 1
          ? `The ${base} Hotel ${city}`
          : kind === 2
            ? beach
              ? `${base} Beach Resort`
              : `${base} House ${area}`
            : kind === 3
              ? `${city} ${area} Suites by ${base}`
              : kind === 4
                ? `${base} ${stars >= 4 ? 'Grand Hotel' : 'Lodge'}`
                : `${base} Boutique Hotel ${area}`;
    const tier = 0.55 + stars * 0.3 + r() * 0.25;
    // Airport properties are close and plain; the dearer ones sit downtown or on the beach, farther out.
    const distance = kind === 0 ? 0.4 + r() * 2.2 : 1.5 + (tier - 0.8) * (4 + r() * 7) + r() * 3;
    const score = Math.min(9.8, Math.max(5.6, 6.1 + stars * 0.55 + (r() - 0.5) * 1.6));
    out.push({
      id: `demo-${place.code.toLowerCase()}-${i + 1}`,
      name: i >= names.length ? `${name} ${['II', 'North', 'South', 'East', 'West'][Math.floor(i / names.length) % 5]}` : name,
      stars,
      tier,
      distance: Math.round(distance * 10) / 10,
      score: Math.round(score * 10) / 10,
      reviews: Math.round(40 + r() * r() * 4200),
      amenities: AMENITIES_BY_TIER[stars - 1]!.filter(() => r() < 0.85),
      floors: 2 + Math.round(stars * 1.5 + r() * 3),
      rank: score * 0.6 + r() * 3,
      soldOut: r() < 0.05,
      discount: r() < 0.25 ? 1.1 + r() * 0.25 : 1,
    });
  }
  return out;
}

/** A night's rate: the city's level, the hotel's tier, a weekend and high-season lift, and the hotel's own day-to-day move. */
function nightly(place: HotelPlace, h: DemoHotelBase, date: string): number {
  const day = new Date(`${date}T00:00:00Z`);
  const weekday = day.getUTCDay();
  const month = day.getUTCMonth();
  const weekend = weekday === 5 || weekday === 6 ? 1.15 : 1;
  const season = month === 5 || month === 6 || month === 11 ? 1.12 : month === 0 || month === 1 ? 0.92 : 1;
  const wobble = 0.92 + randomFor(h.id, date)() * 0.16;
  return 62 * costLevel(place.code) * h.tier * weekend * season * wobble;
}

function* nightsOf(checkin: string, nights: number) {
  const start = Date.parse(`${checkin}T00:00:00Z`);
  for (let i = 0; i < nights; i++) yield utcDateOf(start + i * 86_400_000);
}

/**
 * The offline default (docs/product/destination-extras.md#demo-data): the same hotels at an airport every time, with
 * names that read like real properties, prices that follow the city's cost level, the nights' days and the rooms,
 * ratings that follow the class, and distances that grow with the price. A few are sold out (no price).
 */
const DEMO_PAGE_SIZE = 20;

export function createDemoHotelProvider(): HotelProvider {
  const perAirport = new Map<string, DemoHotelBase[]>();
  return {
    name: 'demo',
    demo: true,
    supplier: 'Booking.com',
    pageSize: DEMO_PAGE_SIZE,
    async search(place: HotelPlace, query: HotelQuery): Promise<HotelPage> {
      let bases = perAirport.get(place.code);
      if (!bases) perAirport.set(place.code, (bases = hotelsOf(place)));
      const nights = [...nightsOf(query.checkin, query.nights)];
      const all = bases
        .slice()
        .sort((a, b) => b.rank - a.rank)
        .map((h): Hotel => {
          const perRoom = nights.reduce((sum, d) => sum + nightly(place, h, d), 0) / nights.length;
          // Two adults share a room; more per room need the larger rooms.
          const perRoomAdults = query.adults / query.rooms;
          const total = perRoom * query.rooms * (perRoomAdults > 2 ? 1.25 : 1);
          const final = Math.round(total * 100) / 100;
          return {
            id: h.id,
            name: h.name,
            url: `https://www.booking.com/searchresults.html?ss=${encodeURIComponent(`${h.name}, ${place.city}`)}&checkin=${query.checkin}&checkout=${query.checkout}&group_adults=${query.adults}&no_rooms=${query.rooms}`,
            pictures: [picture(h.id, Math.min(8, h.floors))],
            star_rating: Math.min(HOTEL_LIMITS.maxStars, h.stars),
            distance_from_center: h.distance,
            bed_count: Math.max(query.rooms, Math.ceil(query.adults / 2)),
            price: {
              final_price: h.soldOut ? null : final,
              original_price: h.soldOut || h.discount === 1 ? null : Math.round(final * h.discount * 100) / 100,
              currency: 'USD',
            },
            score: h.score,
            score_word: h.score >= 9 ? 'Wonderful' : h.score >= 8 ? 'Very good' : h.score >= 7 ? 'Good' : 'Pleasant',
            review_count: h.reviews,
            amenities: h.amenities,
          };
        });
      sortHotels(all, query.sort);
      const from = (query.page - 1) * DEMO_PAGE_SIZE;
      return { hotels: all.slice(from, from + DEMO_PAGE_SIZE), total: all.length };
    },
  };
}
