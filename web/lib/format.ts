// French formatting: dates like « 22 novembre 2026 », 24-hour times, « 85 % » with the narrow
// no-break space French typography puts before the percent sign, counts like « 1 000 ».

/**
 * A formatter made on first use: building Intl formatters loads locale data, a cost every page
 * would otherwise pay while this module is evaluated, during start-up.
 */
function lazily<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= make();
    return value;
  };
}

const dateFormat = lazily(
  () => new Intl.DateTimeFormat("fr-FR", { day: "numeric", month: "long", year: "numeric" }),
);
const numberFormat = lazily(() => new Intl.NumberFormat("fr-FR"));

/** « 1er novembre », not « 1 novembre » (the first day of a month is an ordinal in French). */
export function withOrdinalFirst(date: string): string {
  return date.replace(/^1 /, "1er ");
}

export function formatDate(value: string | Date): string {
  return withOrdinalFirst(dateFormat().format(typeof value === "string" ? new Date(value) : value));
}

export function formatNumber(n: number): string {
  return numberFormat().format(n);
}

export function formatPercent(n: number): string {
  return `${n}\u202f%`;
}

/** « 1 profil », « 12 profils », and « Aucun profil » for 0: French plurals (0 and 1 are singular). */
export function plural(n: number, one: string, many: string, none = `Aucun ${one}`): string {
  if (n === 0) return none;
  return `${formatNumber(n)} ${n === 1 ? one : many}`;
}

/** « texte » with no-break spaces inside the guillemets, so they never end up alone on a line. */
export function quoted(text: string): string {
  return `«\u00a0${text}\u00a0»`;
}

const timeFormat = lazily(
  () => new Intl.DateTimeFormat("fr-FR", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }),
);
const dayMonthFormat = lazily(() => new Intl.DateTimeFormat("fr-FR", { day: "numeric", month: "long" }));

/** « 14:05 », always 24-hour. */
export function formatTime(value: string | Date): string {
  return timeFormat().format(typeof value === "string" ? new Date(value) : value);
}

function startOfDay(d: Date): number {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

/** Days between the calendar dates of `value` and `now` (0 = same day), in local time. */
export function daysAgo(value: string | Date, now: Date = new Date()): number {
  const d = typeof value === "string" ? new Date(value) : value;
  return Math.round((startOfDay(now) - startOfDay(d)) / 86_400_000);
}

/** Separator above a day's messages: « Aujourd'hui », « Hier », « 22 novembre 2026 ». */
export function formatDay(value: string | Date, now: Date = new Date()): string {
  const n = daysAgo(value, now);
  if (n === 0) return "Aujourd’hui";
  if (n === 1) return "Hier";
  return formatDate(value);
}

/** Short time of a conversation's last activity: « 14:05 », « Hier », « 3 novembre », « 3 novembre 2025 ». */
export function formatWhen(value: string | Date, now: Date = new Date()): string {
  const d = typeof value === "string" ? new Date(value) : value;
  const n = daysAgo(d, now);
  if (n === 0) return formatTime(d);
  if (n === 1) return "Hier";
  return d.getFullYear() === now.getFullYear() ? withOrdinalFirst(dayMonthFormat().format(d)) : formatDate(d);
}

/**
 * When something happened, for a recent event: « à l'instant », « il y a 5 minutes », « il y a
 * 2 heures », then « le 22 novembre 2026 à 14:05 » beyond a day.
 */
export function formatAgo(value: string | Date, now: Date = new Date()): string {
  const d = typeof value === "string" ? new Date(value) : value;
  const minutes = Math.floor((now.getTime() - d.getTime()) / 60_000);
  if (minutes < 1) return "à l’instant";
  if (minutes < 60) return `il y a ${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `il y a ${hours} ${hours === 1 ? "heure" : "heures"}`;
  return `le ${formatDate(d)} à ${formatTime(d)}`;
}

const listFormat = lazily(() => new Intl.ListFormat("fr-FR", { style: "long", type: "conjunction" }));

/** « a, b et c »: French enumeration (no comma before « et »). */
export function frenchList(items: readonly string[]): string {
  return listFormat().format(items);
}
