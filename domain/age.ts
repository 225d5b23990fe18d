// Age arithmetic on calendar dates (YYYY-MM-DD), independent of time zones.
import { AGE_MAX, AGE_MIN } from "./constants.ts";

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses a YYYY-MM-DD string into [year, month, day], or null if it is not a real calendar date. */
export function parseIsoDate(value: string): [number, number, number] | null {
  const m = ISO_DATE.exec(value);
  if (!m) return null;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return [y, mo, d];
}

/** Today's date as YYYY-MM-DD in UTC. */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Full years between birthDate and today (both YYYY-MM-DD). */
export function ageOn(birthDate: string, today: string): number {
  const b = parseIsoDate(birthDate);
  const t = parseIsoDate(today);
  if (!b || !t) return Number.NaN;
  let age = t[0] - b[0];
  if (t[1] < b[1] || (t[1] === b[1] && t[2] < b[2])) age -= 1;
  return age;
}

/** Shifts a YYYY-MM-DD date by a number of years; 29 February becomes 28 February in common years. */
export function minusYears(date: string, years: number): string {
  const p = parseIsoDate(date);
  if (!p) throw new Error(`Invalid date: ${date}`);
  const y = p[0] - years;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const d = p[1] === 2 && p[2] === 29 && !leap ? 28 : p[2];
  return `${String(y).padStart(4, "0")}-${String(p[1]).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

/** True when the birth date gives an age within [AGE_MIN, AGE_MAX] today. */
export function isAllowedAge(birthDate: string, today: string = todayIso()): boolean {
  const age = ageOn(birthDate, today);
  return Number.isFinite(age) && age >= AGE_MIN && age <= AGE_MAX;
}
