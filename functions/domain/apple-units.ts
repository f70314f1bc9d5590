/**
 * Reading the loosely typed values an Apple Health export carries: numbers that may arrive as text, quantities
 * as HealthKit writes them (`{ doubleValue, unit }`) or as Health Auto Export does (`{ qty, units }`), dates with
 * an offset in ISO 8601 or Health Auto Export's 'yyyy-MM-dd HH:mm:ss Z'. Every reader returns either a value,
 * `null` for "not given", or a `Problem` that names the field, so a bad entry is reported instead of guessed.
 */

export interface Problem {
  problem: string;
}

export const isProblem = (value: unknown): value is Problem =>
  typeof value === 'object' && value !== null && 'problem' in value;

const problem = (text: string): Problem => ({ problem: text });

/** No health figure comes near this; beyond it a value is garbage (and DynamoDB numbers have limits too). */
const LARGEST_READING = 1e9;

/**
 * A number as a phone writes it in English or French Canadian: '1204', '1,204.5' and '1 204,5' (a space, no-break space
 * or narrow no-break space between groups of three), '12,5' (a decimal comma). A comma followed by exactly three digits
 * and nothing else is a thousands separator, as English writes it: French Canadian groups thousands with spaces, so
 * only a French value with exactly three decimals ('1,204' for 1.204) would be misread, and Shortcuts rounds to fewer.
 * Anything else (two signs, letters, a lone separator) is NaN.
 */
export function parseLocaleNumber(text: string): number {
  const trimmed = text.trim();
  const sign = trimmed.startsWith('-') ? -1 : 1;
  const unsigned = trimmed.replace(/^-/, '').replace(/(?<=\d)[ \u00a0\u202f](?=\d{3}(?:\D|$))/g, '');
  if (!/^\d[\d.,]*$/.test(unsigned) || /[.,]$/.test(unsigned)) return NaN;
  const lastComma = unsigned.lastIndexOf(',');
  const lastDot = unsigned.lastIndexOf('.');
  let decimal: ',' | '.' | null;
  if (lastComma >= 0 && lastDot >= 0) decimal = lastComma > lastDot ? ',' : '.';
  else if (lastComma >= 0) decimal = /^\d{1,3}(,\d{3})+$/.test(unsigned) ? null : ',';
  else if (lastDot >= 0) decimal = /^\d{1,3}(\.\d{3}){2,}$/.test(unsigned) ? null : '.';
  else decimal = null;
  const grouping = decimal === ',' ? '.' : decimal === '.' || lastComma >= 0 ? ',' : '.';
  const groupsWellFormed = (whole: string) =>
    !whole.includes(grouping) || new RegExp(`^\\d{1,3}(\\${grouping}\\d{3})+$`).test(whole);
  const [whole, fraction, extra] = decimal === null ? [unsigned] : unsigned.split(decimal);
  if (extra !== undefined || !groupsWellFormed(whole!)) return NaN;
  const digits = whole!.split(grouping).join('') + (fraction === undefined ? '' : `.${fraction}`);
  return /^\d+(\.\d+)?$/.test(digits) ? sign * Number(digits) : NaN;
}

/** A JSON number, or text holding one as a phone writes it (Shortcuts often turn numbers into text). */
export function readNumber(value: unknown, field: string): number | null | Problem {
  if (value === undefined || value === null || value === '') return null;
  const number = typeof value === 'number' ? value : typeof value === 'string' ? parseLocaleNumber(value) : NaN;
  if (!Number.isFinite(number)) return problem(`${field} is not a number`);
  if (Math.abs(number) > LARGEST_READING) return problem(`${field} is out of range`);
  return number;
}

export interface Quantity {
  value: number;
  /** As written by the exporter; null when the value came bare. */
  unit: string | null;
}

/** A bare number, text with a unit ('11.82 km'), `{ doubleValue, unit }` (HealthKit) or `{ qty, units }` (Health Auto Export). */
export function readQuantity(value: unknown, field: string): Quantity | null | Problem {
  if (value === undefined || value === null) return null;
  if (typeof value === 'object' && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    const raw = 'doubleValue' in record ? record.doubleValue : 'qty' in record ? record.qty : undefined;
    if (raw === undefined) return problem(`${field} has neither doubleValue nor qty`);
    const number = readNumber(raw, field);
    if (number === null || isProblem(number)) return number ?? problem(`${field} has no value`);
    const unit = record.unit ?? record.units;
    if (unit !== undefined && unit !== null && typeof unit !== 'string')
      return problem(`${field} has a unit that is not text`);
    return { value: number, unit: typeof unit === 'string' && unit.trim() !== '' ? unit.trim() : null };
  }
  if (typeof value === 'string') {
    // A Shortcut that puts a measurement into a Text field sends it as written, e.g. '11.82 km', '1,204 kcal' or '12,5 km'.
    const withUnit = QUANTITY_TEXT.exec(value);
    if (withUnit) {
      const number = readNumber(withUnit[1], field);
      if (number === null || isProblem(number)) return number ?? problem(`${field} has no value`);
      return { value: number, unit: withUnit[2]! };
    }
  }
  const number = readNumber(value, field);
  if (number === null || isProblem(number)) return number;
  return { value: number, unit: null };
}

const QUANTITY_TEXT = /^\s*(-?\d[\d.,  \u00a0\u202f]*?)\s*([A-Za-z]{1,12})\s*$/;

/** Metres per unit, by the spellings HealthKit, Shortcuts and Health Auto Export use. A bare number is metres. */
const METRES_PER: Record<string, number> = {
  m: 1,
  meter: 1,
  meters: 1,
  metre: 1,
  metres: 1,
  km: 1000,
  kilometer: 1000,
  kilometers: 1000,
  kilometre: 1000,
  kilometres: 1000,
  mi: 1609.344,
  mile: 1609.344,
  miles: 1609.344,
  ft: 0.3048,
  foot: 0.3048,
  feet: 0.3048,
  yd: 0.9144,
  yard: 0.9144,
  yards: 0.9144,
};

/**
 * Kilocalories per unit. HealthKit's 'Cal' is the large (food) calorie, i.e. a kilocalorie; its 'cal' is the
 * small one, which no exporter uses for workouts, so it is refused rather than silently read 1000× too big.
 */
const KCAL_PER: Record<string, number> = {
  kcal: 1,
  Cal: 1,
  kilocalorie: 1,
  kilocalories: 1,
  kJ: 1 / 4.184,
  kj: 1 / 4.184,
  kilojoule: 1 / 4.184,
  kilojoules: 1 / 4.184,
};

const SECONDS_PER: Record<string, number> = {
  s: 1,
  sec: 1,
  second: 1,
  seconds: 1,
  min: 60,
  minute: 60,
  minutes: 60,
  h: 3600,
  hr: 3600,
  hour: 3600,
  hours: 3600,
};

function convert(
  quantity: Quantity,
  table: Record<string, number>,
  field: string,
  defaultUnit: string,
  caseSensitive = false,
): number | Problem {
  const unit = quantity.unit ?? defaultUnit;
  const factor = table[unit] ?? (caseSensitive ? undefined : table[unit.toLowerCase()]);
  if (factor === undefined) return problem(`${field} has an unsupported unit '${unit}'`);
  if (quantity.value < 0) return problem(`${field} must not be negative`);
  return quantity.value * factor;
}

export const toMetres = (quantity: Quantity, field: string) => convert(quantity, METRES_PER, field, 'm');
// Case matters for energy: 'Cal' (kcal) vs 'cal' (refused).
export const toKilocalories = (quantity: Quantity, field: string) => convert(quantity, KCAL_PER, field, 'kcal', true);
export const toSeconds = (quantity: Quantity, field: string) => convert(quantity, SECONDS_PER, field, 's');

/**
 * A moment with an explicit offset: ISO 8601 ('2026-11-20T07:12:00-08:00', '…Z', '…-0800') or Health Auto Export's
 * '2026-11-20 07:12:00 -0800'. A time without an offset is refused: guessing the zone would shift the workout.
 */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?\s*(Z|[+-]\d{2}:?\d{2})$/i;

export interface LocalMoment {
  instant: Date;
  /** The calendar date as the sender wrote it (their local day), 'YYYY-MM-DD'. */
  localDate: string;
}

export function readMoment(value: unknown, field: string): LocalMoment | null | Problem {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') return problem(`${field} is not a date`);
  const match = DATE_TIME.exec(value.trim());
  if (!match)
    return problem(
      `${field} '${value.slice(0, 40)}' is not a date and time with an offset (e.g. 2026-11-20 07:12:00 -0800)`,
    );
  const [, year, month, day, hour, minute, second = '00', fraction = '', zone] = match as unknown as string[];
  const offset = zone!.toUpperCase() === 'Z' ? 'Z' : `${zone!.slice(0, 3)}:${zone!.slice(-2)}`;
  const millis = fraction ? `.${fraction.padEnd(3, '0').slice(0, 3)}` : '';
  if (
    !isCalendarDate(Number(year), Number(month), Number(day)) ||
    Number(hour) > 23 ||
    Number(minute) > 59 ||
    Number(second) > 59
  ) {
    return problem(`${field} '${value.slice(0, 40)}' is not a real date and time`);
  }
  const instant = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}${millis}${offset}`);
  if (Number.isNaN(instant.getTime())) return problem(`${field} '${value.slice(0, 40)}' is not a real date and time`);
  return { instant, localDate: `${year}-${month}-${day}` };
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A day: either a plain 'YYYY-MM-DD' (the sender's local day) or a moment with an offset. A plain day is placed at
 * 20:00 UTC: midday in British Columbia (where TrailBuddy's users are and whose zone the metrics use), and the same
 * calendar day in every zone from UTC−12 to UTC+3, so daily figures land on the right day without knowing the zone.
 */
export function readDay(value: unknown, field: string): LocalMoment | null | Problem {
  if (typeof value === 'string') {
    const match = DATE_ONLY.exec(value.trim());
    if (match) {
      const [, year, month, day] = match as unknown as string[];
      if (!isCalendarDate(Number(year), Number(month), Number(day)))
        return problem(`${field} '${value}' is not a real date`);
      return { instant: new Date(`${year}-${month}-${day}T20:00:00Z`), localDate: `${year}-${month}-${day}` };
    }
  }
  return readMoment(value, field);
}

function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}
