const DAY_MS = 86_400_000;

/** A calendar day `YYYY-MM-DD` moved by whole days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}
