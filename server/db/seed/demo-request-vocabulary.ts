import type { BonusType } from '@common/enums';

/** Words the demo requests are made of: Turkish customers and the bonuses a casino hands out. */

export const FIRST_NAMES = [
  'Ahmet', 'Mehmet', 'Mustafa', 'Ali', 'Hüseyin', 'Hasan', 'İbrahim', 'İsmail', 'Osman', 'Yusuf',
  'Murat', 'Ömer', 'Ramazan', 'Halil', 'Süleyman', 'Abdullah', 'Mahmut', 'Recep', 'Emre', 'Burak',
  'Serkan', 'Oğuz', 'Çağlar', 'Gökhan', 'Uğur', 'Kerem', 'Barış', 'Tolga', 'Cem', 'Onur',
  'Fatma', 'Ayşe', 'Emine', 'Hatice', 'Zeynep', 'Elif', 'Meryem', 'Şerife', 'Zehra', 'Sultan',
  'Hacer', 'Merve', 'Büşra', 'Esra', 'Özlem', 'Gülşen', 'Derya', 'Seda', 'Ebru', 'Tuğba',
  'Işıl', 'Çiğdem', 'Gizem', 'Selin', 'Deniz', 'Pınar', 'Sibel', 'Yağmur', 'Damla', 'İrem',
];

export const LAST_NAMES = [
  'Yılmaz', 'Kaya', 'Demir', 'Şahin', 'Çelik', 'Yıldız', 'Yıldırım', 'Öztürk', 'Aydın', 'Özdemir',
  'Arslan', 'Doğan', 'Kılıç', 'Aslan', 'Çetin', 'Kara', 'Koç', 'Kurt', 'Özkan', 'Şimşek',
  'Polat', 'Özer', 'Erdoğan', 'Güneş', 'Aksoy', 'Karaca', 'Bulut', 'Tekin', 'Uçar', 'Çakır',
  'Türkmen', 'Akgül', 'Işık', 'Güler', 'Ekinci', 'Taş', 'Sarı', 'Acar', 'Korkmaz', 'Bozkurt',
];

/** Description templates per bonus type, and the typical TRY range of each. */
export const BONUS_KINDS: Record<BonusType, { descriptions: string[]; min: number; max: number }> = {
  cashback: {
    descriptions: [
      'Haftalık kayıp iadesi %10',
      'Günlük kayıp bonusu %15',
      'Spor bahisleri kayıp iadesi %20',
      'Canlı casino kayıp iadesi %10',
      'Slot kayıp iadesi %25 (VIP)',
    ],
    min: 50,
    max: 7500,
  },
  points: {
    descriptions: ['Sadakat puanı nakit dönüşümü', 'VIP puan dönüşümü', 'Turnuva puan ödülü', 'Aylık seviye puanı ödülü'],
    min: 10,
    max: 1500,
  },
  other: {
    descriptions: [
      'Hoş geldin bonusu %100',
      'Yatırım bonusu %50',
      'Doğum günü bonusu',
      'Freespin telafisi (teknik arıza)',
      'Arkadaşını getir bonusu',
      'Hafta sonu reload bonusu %25',
    ],
    min: 25,
    max: 3000,
  },
};

export const COMPLETION_NOTES = [
  'Bonus hesaba tanımlandı',
  'Çevrim şartı müşteriye iletildi',
  'Müşteri canlı destekten bilgilendirildi',
  'Tutar kontrol edildi, onaylandı',
  null,
  null,
];

export const CANCEL_REASONS = ['Müşteri talebini geri çekti', 'Mükerrer talep', 'Bonus kuralına uymuyor (çevrim tamamlanmamış)'];
export const ERROR_REASONS = ['Harici sistem hatası: bakiye güncellenemedi', 'Bridge zaman aşımı', 'Müşteri hesabı kilitli'];

/** Small, fast, seeded random numbers, so the demo data is the same on every machine. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}
export type Random = ReturnType<typeof seededRandom>;

/** ASCII username from a Turkish name, e.g. 'Çiğdem Işık' → 'cigdem.isik34'. */
export function usernameOf(first: string, last: string, random: Random): string {
  const ascii = (s: string) =>
    s
      .toLocaleLowerCase('tr-TR')
      .replace(/[çğıöşüİ]/g, (c) => ({ ç: 'c', ğ: 'g', ı: 'i', ö: 'o', ş: 's', ü: 'u', İ: 'i' })[c] ?? c);
  const style = random.int(0, 3);
  const f = ascii(first);
  const l = ascii(last);
  if (style === 0) return `${f}.${l}${random.int(1, 99)}`;
  if (style === 1) return `${f}_${l.slice(0, 1)}${random.int(70, 2005)}`;
  if (style === 2) return `${f}${l}`;
  return `${l}${f.slice(0, 3)}${random.int(10, 999)}`;
}
