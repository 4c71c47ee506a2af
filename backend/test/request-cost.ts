/**
 * What one request costs: the rows and bytes it leaves in PostgreSQL (every table of the public schema, the
 * event log included, once the projections have applied it), the CPU time this process spends answering it
 * (the API runs in the test's process and requests go one at a time), and the work it causes in the async
 * projections (event deliveries, CPU and wall time of catching up). Also the worst input a JSON schema allows:
 * every field present, strings at their longest, lists at their fullest, numbers at their maximum.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../src/shared/db/tables.js';
import type { ProjectionRunner } from '../src/shared/projections/projection-runner.js';

export interface Cost {
  /** Rows added, over every table. */
  rows: number;
  /** Bytes added: the sum of pg_column_size over every row of every table (indexes aside). */
  bytes: number;
  /** CPU time of this process (user + system) while the request was answered. */
  cpuMs: number;
  /** Events handed to async projections (one event handled by three projections counts three). */
  projected: number;
  /** CPU time of this process while the async projections caught up. */
  projectionCpuMs: number;
  /** Wall time of that catch-up, for the report: on a shared machine it is too noisy to hold to a budget. */
  projectionMs: number;
  /** Where the rows and bytes went: the tables that grew, as `table +rows/+bytes`. */
  grew: string[];
}

export interface Footprint {
  rows: number;
  bytes: number;
  /** By table. */
  tables: Record<string, { rows: number; bytes: number }>;
}

/** The tables of the public schema but kysely's own. */
export async function publicTables(db: Db): Promise<string[]> {
  const { rows } = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'kysely_%'
    order by table_name`.execute(db);
  return rows.map((row) => row.table_name);
}

/** Rows and bytes of every table, in one statement (one snapshot). */
export async function footprint(db: Db, tables: readonly string[]): Promise<Footprint> {
  const parts = tables.map(
    (table) => `select '${table}' as name, count(*)::int as rows, coalesce(sum(pg_column_size(t.*)), 0)::int as bytes from "${table}" t`,
  );
  const { rows } = await sql.raw<{ name: string; rows: number; bytes: number }>(parts.join(' union all ')).execute(db);
  const total: Footprint = { rows: 0, bytes: 0, tables: {} };
  for (const row of rows) {
    total.rows += row.rows;
    total.bytes += row.bytes;
    total.tables[row.name] = { rows: row.rows, bytes: row.bytes };
  }
  return total;
}

/** Applies the whole log to every async projection; returns the events applied, summed over projections. */
export async function catchUp(runner: ProjectionRunner): Promise<number> {
  let total = 0;
  for (;;) {
    const applied = await Promise.all(runner.asyncProjections.map((p) => runner.catchUp(p.name)));
    const sum = applied.reduce((a, b) => a + b, 0);
    total += sum;
    // A projection that appends events (a reactor) wakes others: go round until nothing is left.
    if (sum === 0) return total;
  }
}

const cpuMsSince = (start: NodeJS.CpuUsage) => {
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1000;
};

/**
 * Sends one request and measures it: the footprint before, the request's CPU time, the projections' catch-up,
 * the footprint after. The caller has caught the projections up before, so only this request's work is seen.
 */
export async function measure(
  db: Db,
  tables: readonly string[],
  runner: ProjectionRunner,
  send: () => Promise<Response>,
): Promise<{ status: number; text: string; cost: Cost }> {
  const before = await footprint(db, tables);
  const started = process.cpuUsage();
  const response = await send();
  const text = await response.text();
  const cpuMs = cpuMsSince(started);
  const projectionStarted = process.cpuUsage();
  const wallStarted = performance.now();
  const projected = await catchUp(runner);
  const projectionMs = performance.now() - wallStarted;
  const projectionCpuMs = cpuMsSince(projectionStarted);
  const after = await footprint(db, tables);
  return {
    status: response.status,
    text,
    cost: {
      rows: after.rows - before.rows,
      bytes: after.bytes - before.bytes,
      cpuMs,
      projected,
      projectionCpuMs,
      projectionMs,
      grew: Object.entries(after.tables)
        .map(([name, { rows, bytes }]) => ({
          name,
          rows: rows - (before.tables[name]?.rows ?? 0),
          bytes: bytes - (before.tables[name]?.bytes ?? 0),
        }))
        .filter((t) => t.rows !== 0 || t.bytes !== 0)
        .sort((a, b) => b.bytes - a.bytes)
        .map((t) => `${t.name} +${t.rows}/+${t.bytes}B`),
    },
  };
}

export type JsonSchema = {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMaximum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  nullable?: boolean;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

/** An OpenAPI operation as the tests read it: its parameters and its JSON body. */
export interface Operation {
  parameters?: { name: string; in: 'query' | 'path' | 'header'; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface Worst {
  /** Which request of a series: strings end in a different character, e-mails differ, so each is new. */
  variant: number;
  /**
   * Random letters and digits instead of long runs of one character: PostgreSQL compresses a long run to
   * almost nothing, so stored bytes are at their worst with text that does not compress.
   */
  random?: boolean;
  /** Strings at this share of their maximum length (1 when absent): to fit many of them in one body. */
  scale?: number;
  /** Values for fields by name (a field's format the schema cannot say, a value that must exist). */
  fields?: Record<string, (worst: Worst) => unknown>;
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A string of `length` characters: a long run of one, ending in one that tells the variants apart. */
export function run(length: number, variant: number, fill = 'a'): string {
  if (length <= 0) return '';
  return fill.repeat(length - 1) + ALPHABET[variant % 36];
}

/** `length` random letters and digits. */
export function noise(length: number): string {
  let text = '';
  for (let i = 0; i < length; i++) text += ALPHABET[Math.floor(Math.random() * ALPHABET.length)];
  return text;
}

/** A string of the worst kind asked for: a run, or noise. */
export function text(length: number, worst: Worst): string {
  return worst.random ? noise(length) : run(length, worst.variant);
}

/** The longest address the schema allows, on a domain that takes mail. */
function longestEmail(max: number, variant: number): string {
  const domain = '@example.com';
  // A local part is at most 64 characters (RFC 5321); the rest of the length goes to subdomains.
  const local = run(Math.min(64, max - domain.length), variant, 'e');
  const room = max - local.length - domain.length;
  const labels: string[] = [];
  for (let left = room; left > 1; left -= Math.min(left, 64)) labels.push('d'.repeat(Math.min(left, 64) - 1));
  return `${local}@${labels.map((label) => `${label}.`).join('')}${domain.slice(1)}`;
}

/** The largest value a JSON schema allows (see the module's header). */
export function worstValue(schema: JsonSchema, name: string, worst: Worst): unknown {
  const override = worst.fields?.[name];
  if (override) return override(worst);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return worstValue(variants.find((s) => s.type !== 'null' && s.enum?.[0] !== null) ?? variants[0]!, name, worst);
  if (schema.allOf) return worstValue(Object.assign({}, ...schema.allOf) as JsonSchema, name, worst);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum.find((v) => v !== null);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string': {
      const max = Math.max(schema.minLength ?? 1, Math.floor((schema.maxLength ?? 1000) * (worst.scale ?? 1)));
      if (schema.format === 'email' || /email/i.test(name)) return longestEmail(Math.max(Math.min(max, 254), 24), worst.variant);
      if (schema.format === 'uuid') return randomUUID();
      if (schema.format === 'date-time') return new Date().toISOString();
      if (schema.format === 'date') return new Date().toISOString().slice(0, 10);
      if (schema.format === 'uri' || /url$/i.test(name)) {
        const base = 'https://unsheet.app/';
        return base + text(Math.max(max - base.length, 1), worst);
      }
      return text(max, worst);
    }
    case 'integer':
    case 'number': {
      if (schema.maximum !== undefined) return schema.maximum;
      if (typeof schema.exclusiveMaximum === 'number') return schema.exclusiveMaximum - 1;
      return schema.minimum ?? 1;
    }
    case 'boolean':
      return true;
    case 'array': {
      const length = schema.maxItems ?? 10;
      return Array.from({ length }, (_, i) => worstValue(schema.items ?? {}, name, { ...worst, variant: worst.variant + i }));
    }
    default: {
      const object: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) object[key] = worstValue(property, key, worst);
      return object;
    }
  }
}
