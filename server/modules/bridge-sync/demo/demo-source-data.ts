/**
 * Rows of the demo projects' own systems: Turkish customers, realistic TRY amounts, the external
 * statuses of the contract. Seeded pseudo-randomly so every fresh demo looks the same.
 */

export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const FIRST_NAMES = ['Ahmet', 'Mehmet', 'Ayşe', 'Fatma', 'Emre', 'Zeynep', 'Burak', 'Elif', 'Can', 'Deniz', 'Gökhan', 'Şule', 'Hakan', 'Özlem', 'Murat', 'Çağla', 'Serkan', 'Büşra', 'Onur', 'İrem', 'Tolga', 'Gülşen', 'Kemal', 'Ebru'];
const LAST_NAMES = ['Yılmaz', 'Kaya', 'Demir', 'Şahin', 'Çelik', 'Yıldız', 'Yıldırım', 'Öztürk', 'Aydın', 'Özdemir', 'Arslan', 'Doğan', 'Kılıç', 'Aslan', 'Çetin', 'Koç', 'Kurt', 'Özkan', 'Şimşek', 'Polat'];
const DESCRIPTIONS: { type: 'cashback' | 'points' | 'other'; text: string; min: number; max: number }[] = [
  { type: 'cashback', text: 'Haftalık kayıp iadesi (%10 nakit iade)', min: 50, max: 2_500 },
  { type: 'cashback', text: 'Canlı casino kayıp bonusu', min: 100, max: 5_000 },
  { type: 'cashback', text: 'Spor bahis iade talebi', min: 75, max: 1_500 },
  { type: 'points', text: 'Sadakat puanı dönüşümü', min: 200, max: 10_000 },
  { type: 'points', text: 'VIP seviye puan ödülü', min: 500, max: 7_500 },
  { type: 'other', text: 'Hoş geldin bonusu', min: 100, max: 1_000 },
  { type: 'other', text: 'Yatırım bonusu %50', min: 250, max: 3_000 },
  { type: 'other', text: 'Freespin telafisi', min: 25, max: 400 },
  { type: 'other', text: 'Doğum günü bonusu', min: 100, max: 750 },
  { type: 'other', text: 'Turnuva ödülü', min: 500, max: 15_000 },
];

const ASCII: Record<string, string> = { ı: 'i', İ: 'i', ş: 's', Ş: 's', ğ: 'g', Ğ: 'g', ü: 'u', Ü: 'u', ö: 'o', Ö: 'o', ç: 'c', Ç: 'c' };
const ascii = (s: string) => s.replace(/[ıİşŞğĞüÜöÖçÇ]/g, (c) => ASCII[c] ?? c).toLowerCase();

export interface DemoRequest {
  externalId: string;
  customerId: string;
  username: string;
  name: string;
  bonusType: string;
  amount: string;
  description: string;
  priority: number;
  status: string;
  createdAt: Date;
}

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)]!;
}

/** One request; `status` defaults to a realistic mix of open and closed. */
export function demoRequest(random: () => number, code: string, number: number, createdAt: Date, status?: string): DemoRequest {
  const first = pick(random, FIRST_NAMES);
  const last = pick(random, LAST_NAMES);
  const kind = pick(random, DESCRIPTIONS);
  const amount = Math.round((kind.min + random() * (kind.max - kind.min)) * 2) / 2;
  const roll = random();
  return {
    // Numbered apart from the seeded demo requests ('GOLD-100001'…), which stand for earlier imports.
    externalId: `${code}-EXT-${number}`,
    customerId: `${code.slice(0, 2)}${100_000 + Math.floor(random() * 900_000)}`,
    username: `${ascii(first)}${ascii(last).slice(0, 3)}${Math.floor(random() * 90) + 10}`,
    name: `${first} ${last}`,
    bonusType: kind.type,
    amount: amount.toFixed(2),
    description: kind.text,
    priority: random() < 0.15 ? 4 + Math.floor(random() * 2) : 1 + Math.floor(random() * 3),
    status: status ?? (roll < 0.7 ? 'pending' : roll < 0.85 ? 'approved' : roll < 0.95 ? 'rejected' : 'cancelled'),
    createdAt,
  };
}

export interface DemoPerson {
  externalId: string;
  username: string;
  fullName: string;
  email: string;
  active: boolean;
}

/** The project's personnel: the demo agents who work in it, and two people only its own system knows. */
export function demoPersonnel(code: string, agents: { username: string; fullName: string }[]): DemoPerson[] {
  const lower = code.toLowerCase();
  const people = agents.map((a, i) => ({ externalId: `${code}-P${i + 1}`, username: a.username, fullName: a.fullName, email: `${a.username}@bonuspanel.example.com`, active: true }));
  const extra = [
    { first: 'Derya', last: 'Aksoy', active: true },
    { first: 'Kerem', last: 'Taş', active: false },
  ];
  return [
    ...people,
    ...extra.map((p, i) => ({
      externalId: `${code}-P${people.length + i + 1}`,
      username: `${lower}.${ascii(p.first)}`,
      fullName: `${p.first} ${p.last}`,
      email: `${ascii(p.first)}.${ascii(p.last)}@${lower}.example.com`,
      active: p.active,
    })),
  ];
}
