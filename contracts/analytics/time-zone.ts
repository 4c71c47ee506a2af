/**
 * The admin's time zone: an IANA name (Europe/Berlin), taken from the browser and changeable in Settings,
 * sent as `tz` with the analytics reads, which count days and hours in it. Offsets (+02:00) and
 * abbreviations (CEST) are refused: PostgreSQL reads a bare offset with the opposite sign.
 */
export const DEFAULT_TIME_ZONE = 'UTC';
export const TIME_ZONE_MESSAGE = 'Must be an IANA time zone, such as Europe/Berlin.';

const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,2}$/;

export function isTimeZone(value: string): boolean {
  if (value.length > 64 || !IANA_NAME.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
