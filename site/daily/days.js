// UTC dates written YYYY-MM-DD, as the daily challenge names its days (docs/RECORDS.md §6):
// everyone on Earth plays the same deals from 00:00 UTC to the next 00:00 UTC.  Pure.

/** The UTC date of a moment. @param {Date} now */
export const utcDay = (now) => now.toISOString().slice(0, 10);

/** Whether text is a real day of the calendar written YYYY-MM-DD. @param {any} s */
export function isDay(s) {
  if (typeof s !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && utcDay(d) === s;
}

/** The day before a day. @param {string} day */
export const dayBefore = (day) => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000));

/** The day after a day. @param {string} day */
export const dayAfter = (day) => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000));
