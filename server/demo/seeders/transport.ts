/**
 * Transport demo data: trucks and vans with Iranian plates, their drivers, and deliveries from the
 * company's warehouses to customers in other cities (coordinates, so each delivery links to its
 * route on the map: /transport/routePlanner?points=lat,lng;lat,lng).
 */
import type { Seeder } from './seeder';
import { nationalCode } from '../seedData';
import { DAYS_SO_FAR, day1405, idsOf, insertBatch, pick, rng, type Values } from './batch';
import { FIRST, LAST } from '../seedData';
import { digits, mobile } from './hr';

/** City, latitude, longitude, a street address. */
const PLACES: [string, number, number, string][] = [
  ['تهران', 35.6892, 51.389, 'تهران، جاده مخصوص کرج، کیلومتر ۱۲'],
  ['اصفهان', 32.6546, 51.668, 'اصفهان، خیابان چهارباغ بالا'],
  ['مشهد', 36.2605, 59.6168, 'مشهد، بلوار وکیل‌آباد'],
  ['شیراز', 29.5918, 52.5837, 'شیراز، بلوار چمران'],
  ['تبریز', 38.0962, 46.2738, 'تبریز، خیابان امام'],
  ['کرج', 35.8327, 50.9915, 'کرج، میدان آزادگان'],
  ['قم', 34.6416, 50.8746, 'قم، بلوار امین'],
  ['یزد', 31.8974, 54.3569, 'یزد، بلوار جمهوری'],
  ['رشت', 37.2808, 49.5832, 'رشت، خیابان سعدی'],
  ['کرمان', 30.2839, 57.0834, 'کرمان، بلوار جمهوری اسلامی'],
];
const LETTERS = ['ب', 'ج', 'د', 'س', 'ص', 'ط', 'ق', 'ل', 'م', 'ن', 'و', 'ه', 'ی', 'ع'];

export const seedTransport: Seeder = async ({ db, ctx, customerIds }) => {
  const small = ctx.config.demoVolume === 'small';
  const r = rng(91405);
  const vehicles: Values[] = [];
  for (let i = 0; i < (small ? 2 : 15); i++) {
    const type = pick(r, ['truck', 'truck', 'van', 'pickup']);
    vehicles.push({
      plate: `${digits(r, 2).replace(/^0/, '1')} ${pick(r, LETTERS)} ${digits(r, 3).replace(/^0/, '2')} - ایران ${10 + Math.floor(r() * 89)}`,
      vehicleType: type,
      model: type === 'truck' ? 'بنز ۱۹۲۴' : type === 'van' ? 'فوتون ون' : 'نیسان زامیاد',
      capacityKg: type === 'truck' ? 18_000 : type === 'van' ? 3_500 : 1_500,
      active: true,
    });
  }
  const vehicleIds = await insertBatch(db, ctx, 'transport.vehicle', vehicles);
  const driverIds = await insertBatch(
    db,
    ctx,
    'transport.driver',
    Array.from({ length: small ? 2 : 20 }, (_, i) => ({
      fullName: `${pick(
        r,
        FIRST.filter((_, k) => k % 2 === 0),
      )} ${pick(r, LAST)}`,
      nationalCode: nationalCode(`${1 + Math.floor(r() * 8)}${digits(r, 8)}`),
      mobile: mobile(r),
      licenceNumber: digits(r, 10),
      licenceExpiry: `20${28 + Math.floor(r() * 5)}-0${1 + Math.floor(r() * 9)}-15`,
      vehicle: vehicleIds[i % Math.max(1, vehicleIds.length)] ?? null,
    })),
  );
  const customers = customerIds.length ? customerIds : await idsOf(db, ctx, 'sales.customer');
  const deliveries: Values[] = [];
  // small: five, so that drafts, a final and a cancelled one are shown (./lifecycle.ts)
  const count = small ? 5 : 800;
  for (let i = 0; i < count; i++) {
    const from = PLACES[i % 3]!;
    const to = PLACES[1 + ((i * 7) % (PLACES.length - 1))]!;
    const offset = Math.floor((i / count) * DAYS_SO_FAR);
    const driverIndex = Math.floor(r() * Math.max(1, driverIds.length));
    const route = `/transport/routePlanner?points=${from[1]},${from[2]};${to[1]},${to[2]}`;
    deliveries.push({
      number: `BN-1405-${String(i + 1).padStart(5, '0')}`,
      date: day1405(offset),
      customer: customers.length ? pick(r, customers) : null,
      driver: driverIds[driverIndex] ?? null,
      vehicle: vehicleIds[driverIndex % Math.max(1, vehicleIds.length)] ?? null,
      originAddress: from[3],
      originLat: from[1],
      originLng: from[2],
      destinationAddress: `${to[3]}، پلاک ${1 + Math.floor(r() * 120)}`,
      destinationLat: to[1],
      destinationLng: to[2],
      status: offset > DAYS_SO_FAR - 3 ? 'onTheWay' : offset > DAYS_SO_FAR - 1 ? 'planned' : 'delivered',
      routeLink: route,
    });
  }
  await insertBatch(db, ctx, 'transport.delivery', deliveries);
};
