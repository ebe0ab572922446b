import { CURRENCY, LOCALE, SETTINGS_DEFAULTS } from '@common/constants';
import { DAY_STYLE } from '@common/day-format';

export const INVALID_DATE = 'Geçersiz tarih';

type DateStyle = 'dateTime' | 'dateTimeWithYear' | 'date';
const DATE_STYLES: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  dateTime: { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' },
  dateTimeWithYear: { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  date: DAY_STYLE,
};

/**
 * Dates are shown in the active project's time zone (its settings), so every screen, whatever the
 * browser's zone, shows the same wall-clock times as the project's days in statistics and reports.
 * The app frame sets it from the session (`useDisplayTimeZone`); until then the product default.
 */
let displayTimeZone: string = SETTINGS_DEFAULTS.timezone;
const dateFormats = new Map<string, Intl.DateTimeFormat>();

export function setDisplayTimeZone(timeZone: string | null | undefined): void {
  displayTimeZone = timeZone || SETTINGS_DEFAULTS.timezone;
}

export function getDisplayTimeZone(): string {
  return displayTimeZone;
}

function dateFormat(style: DateStyle): Intl.DateTimeFormat {
  const key = `${style}|${displayTimeZone}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE, { ...DATE_STYLES[style], timeZone: displayTimeZone });
    dateFormats.set(key, format);
  }
  return format;
}

const moneyFormat = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: CURRENCY });
const numberFormat = new Intl.NumberFormat(LOCALE);

function toDate(value: Date | string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Day, short month, hour:minute in Turkish ('5 Kas 14:30'); 'Geçersiz tarih' when unreadable. */
export function formatDateTime(value: Date | string | number | null | undefined): string {
  const date = toDate(value);
  return date ? dateFormat('dateTime').format(date) : INVALID_DATE;
}

/** Like formatDateTime, with the year, for records that may be old (audit, last login). */
export function formatDateTimeWithYear(value: Date | string | number | null | undefined): string {
  const date = toDate(value);
  return date ? dateFormat('dateTimeWithYear').format(date) : INVALID_DATE;
}

export function formatDate(value: Date | string | number | null | undefined): string {
  const date = toDate(value);
  return date ? dateFormat('date').format(date) : INVALID_DATE;
}

/** Turkish lira in tr-TR ('₺1.234,50'). */
export function formatMoney(amount: number | string | null | undefined): string {
  const value = typeof amount === 'string' ? Number(amount) : amount;
  if (value === null || value === undefined || !Number.isFinite(value)) return moneyFormat.format(0);
  return moneyFormat.format(value);
}

export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** A percentage given as 0–100 ('%87,5'); `digits` decimals at most. */
export function formatPercent(value: number, digits = 1): string {
  const safe = Number.isFinite(value) ? value : 0;
  return new Intl.NumberFormat(LOCALE, { style: 'percent', maximumFractionDigits: digits }).format(safe / 100);
}
