// What every scenario reads from the environment (k6 run -e NAME=value), with the defaults used when unset.
// Plain JavaScript for k6 >= 0.48.

export const BASE_URL = (__ENV.BASE_URL || 'http://localhost:3000').replace(/\/$/, '');

/** A number from the environment, or the fallback. */
export function envNumber(name, fallback) {
  const value = __ENV[name];
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isFinite(number)) throw new Error(`${name} must be a number, got "${value}"`);
  return number;
}

export function envString(name, fallback) {
  const value = __ENV[name];
  return value === undefined || value === '' ? fallback : value;
}

export const JSON_HEADERS = { 'Content-Type': 'application/json' };

/** A random v4 UUID (the tracker's ids are checked as such). */
export function uuid() {
  return 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (c) => {
    const r = (Math.random() * 16) | 0;
    return (c === 'x' ? r : (r & 0x3) | 0x8).toString(16);
  });
}

export function pick(list) {
  return list[Math.floor(Math.random() * list.length)];
}
