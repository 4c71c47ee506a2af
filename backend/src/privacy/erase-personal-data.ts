/**
 * Erasure of one person's personal data (`npm run privacy:erase -- <email>`, and the admin's lead
 * deletion). The log stays the source of truth, so the person is masked in it, in place:
 *
 * - the address becomes one placeholder (`erased-<random>@erased.invalid`) everywhere, and its key
 *   (`emailKey`, in stream ids and key columns) the placeholder's key. One placeholder per person keeps
 *   every count, position, link and metric: a lead is still a lead, a referral still a referral, and
 *   projections rebuilt from the masked log give the same read models;
 * - their name, messages and profile links (the PERSONAL_FIELDS of the events and rows that are theirs)
 *   become `[erased]`, and those words disappear from their other rows too (the e-mails sent to or about
 *   them, kept in email_outbox, and their visits' titles, URLs, keywords, searches and interactions), in any
 *   case; each word of their name goes too wherever it stands alone (a keyword list keeps "judith");
 * - `.eml` files that mention them (the outbox folder of the embedded mode) are deleted.
 *
 * Read models are found from the database's own catalogue (every text and jsonb column of every table), not
 * a list, so a table added later is covered without anyone remembering to. All of it happens in one
 * transaction, which also records a PersonalDataErased event that holds no personal data (who erased, when,
 * how much). Async projectors that read an event just before the erasure may write it once more after;
 * the erasure is idempotent, so running it again finishes the job (docs/security.md).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { endSessionsOfAddress } from '../identity/end-sessions.js';
import type { Db, Trx } from '../shared/db/tables.js';
import { EventStore } from '../shared/event-store/event-store.js';
import type { EventMetadata } from '../shared/event-store/events.js';
import type { ProjectionRunner } from '../shared/projections/projection-runner.js';
import { visitStream } from '../analytics/analytics.events.js';
import { emailKey } from '../shared/validation/email.js';
import { emailSchema } from '../../../contracts/form-fields.js';

export const ERASED = '[erased]';
export const ERASED_DOMAIN = 'erased.invalid';

/** Keys (events, camelCase) and columns (read models, snake_case) that hold what a person wrote or is called. */
export const PERSONAL_FIELDS = new Set([
  'name',
  'displayName',
  'display_name',
  'message',
  'text',
  'suggestion_text',
  'suggestionText',
  'notes',
  'adminNotes',
  'admin_notes',
  'portfolioUrl',
  'portfolio_url',
  'linkedinUrl',
  'linkedin_url',
]);

/** The PERSONAL_FIELDS that hold what a person is called: each word of it is theirs too, wherever it stands alone. */
export const NAME_FIELDS = new Set(['name', 'displayName', 'display_name']);

/** A word of a name shorter than this (an initial) is too common to take out of text on its own. */
const MIN_NAME_WORD = 2;

export type PersonalDataErased = {
  type: 'PersonalDataErased';
  data: { erasureId: string; eventsMasked: number; rowsMasked: number; filesDeleted: number };
};

export interface ErasureReport {
  erasureId: string | null;
  eventsMasked: number;
  rowsMasked: number;
  filesDeleted: number;
  /** The projections replayed from the masked log: every one that reads a masked event's type. */
  projectionsRebuilt: string[];
}

export interface ErasureOptions {
  /** Who asked (the admin's `actedBy(actor)`, or `{ operator: 'cli' }`): the erasure event's metadata. */
  metadata?: EventMetadata;
  /** The embedded mode's outbox folder (DATA_DIR/outbox), whose .eml files are searched too. */
  outboxDir?: string;
  /** Rebuilds the projections that read the masked events (the kernel's runner, with every projection). */
  projections?: Pick<ProjectionRunner, 'projections' | 'rebuild'>;
}

/**
 * Erases `email`'s person; answers with how much was masked (all zero when nothing was found). The log is
 * masked first, with the read models in the same transaction; then every projection that reads a masked
 * event's type is rebuilt from the masked log, so a later rebuild gives the same tables by construction.
 */
export async function erasePersonalData(db: Db, email: string, options: ErasureOptions = {}): Promise<ErasureReport> {
  const parsed = emailSchema.safeParse(email);
  if (!parsed.success) throw new Error(`Not an e-mail address: ${parsed.error.issues[0]?.message ?? ''}`);
  const address = parsed.data;
  const key = emailKey(address);
  const placeholder = `erased-${randomBytes(8).toString('hex')}@${ERASED_DOMAIN}`;
  const masking = new Masking(address, key, placeholder);

  const report = await db.transaction().execute(async (trx) => {
    // Their sessions end with their data (before the address, by which the account is found, is masked).
    await endSessionsOfAddress(trx, key);
    await collectPersonalStrings(trx, masking);
    const maskedTypes = await maskEvents(trx, masking);
    const eventsMasked = maskedTypes.length;
    const rowsMasked = await maskReadModels(trx, masking);
    // Copies of e-mails are deleted before the erasure is recorded, so that its record says how many.
    const filesDeleted = options.outboxDir ? deleteMessageFiles(options.outboxDir, masking) : 0;
    if (eventsMasked + rowsMasked + filesDeleted === 0) return { erasureId: null, eventsMasked, rowsMasked, filesDeleted, maskedTypes };
    const erasureId = randomUUID();
    const erased: PersonalDataErased = { type: 'PersonalDataErased', data: { erasureId, eventsMasked, rowsMasked, filesDeleted } };
    await new EventStore(trx).appendInTransaction(trx, `privacy-erasure-${erasureId}`, [erased], 0, options.metadata ?? {});
    return { erasureId, eventsMasked, rowsMasked, filesDeleted, maskedTypes };
  });
  const { maskedTypes, ...counts } = report;
  const projectionsRebuilt = (options.projections?.projections ?? [])
    .filter((projection) => projection.tables.length > 0 && projection.handles.some((type) => maskedTypes.includes(type)))
    .map((projection) => projection.name);
  for (const name of projectionsRebuilt) await options.projections!.rebuild(name);
  return { ...counts, projectionsRebuilt };
}

/** The hex codes of the ASCII characters that cannot be part of an address's local part: what may precede it. */
const ENCODED_DELIMITERS = Array.from({ length: 0x80 }, (_, code) => code)
  .filter((code) => !/[A-Za-z0-9._%+-]/.test(String.fromCharCode(code)))
  .map((code) => code.toString(16).padStart(2, '0'))
  .join('|');

/** What is replaced, and by what: the address, its key, and the person's own words once they are known (exported for its unit test). */
export class Masking {
  readonly placeholderKey: string;
  readonly emailPattern: string;
  /** Names, messages… found in the person's events and rows. */
  readonly personal = new Set<string>();
  /** The words of their name, replaced only where a word stands alone ("judith" in a list of keywords). */
  readonly nameWords = new Set<string>();
  private patterns: { email: RegExp; personal: RegExp | null; words: RegExp | null } | null = null;

  constructor(
    readonly address: string,
    readonly key: string,
    readonly placeholder: string,
  ) {
    this.placeholderKey = emailKey(placeholder);
    // In any form a URL or a form carries it: each character as is or percent-encoded (once or twice: %40,
    // %2540), in any case (the regex is case-insensitive, hex digits included). Not inside a longer address
    // (bob@x.com in jimbob@x.com, or in bob@x.com.au), but right after an encoded delimiter (`%3D` in an
    // encoded `?next=` URL, `%2F`, `%3A`, `%22`), which ends in a letter or digit like the rest of a URL.
    const encoded = [...address].map((char) => `(?:${escapeRegex(char)}|${char === '+' ? ' |' : ''}${percentEncodings(char)})`).join('');
    this.emailPattern = `(?:(?<![A-Za-z0-9._%+-])|(?<=%(?:25)?(?:${ENCODED_DELIMITERS})))${encoded}(?![A-Za-z0-9-]|\\.[A-Za-z0-9])`;
  }

  get emailRegex(): RegExp {
    return new RegExp(this.emailPattern, 'gi');
  }

  mentions(text: string): boolean {
    return this.emailRegex.test(text) || text.includes(this.key);
  }

  /**
   * Every form a personal string takes in stored text: as is, inside JSON, HTML-escaped (rendered e-mails) and
   * percent-encoded (URLs). Matched in any case, longest first.
   */
  personalVariants(): string[] {
    const variants = new Set<string>();
    for (const value of this.personal) {
      const html = escapeHtml(value);
      for (const form of [value, JSON.stringify(value).slice(1, -1), html, html.replaceAll('&#39;', '&#x27;'), encodeURIComponent(value)]) {
        if (form.length >= 2) variants.add(form);
      }
    }
    return [...variants].sort((a, b) => b.length - a.length);
  }

  /**
   * The patterns, built from what has been collected: the address (as `emailRegex`), the personal strings
   * anywhere, and the words of the name followed by no letter or digit (whether one precedes is `standsAlone`'s
   * to tell). Alternatives of escaped literals, so a text is scanned once per alternative at most.
   */
  private compiled(): { email: RegExp; personal: RegExp | null; words: RegExp | null } {
    if (this.patterns) return this.patterns;
    const alternatives = (forms: string[]) => forms.map(escapeRegex).join('|');
    const variants = this.personalVariants();
    const words = [...this.nameWords].flatMap((word) => [...new Set([word, encodeURIComponent(word)])]).sort((a, b) => b.length - a.length);
    this.patterns = {
      email: this.emailRegex,
      personal: variants.length > 0 ? new RegExp(alternatives(variants), 'giu') : null,
      words: words.length > 0 ? new RegExp(`(?:${alternatives(words)})(?![\\p{L}\\p{N}])`, 'giu') : null,
    };
    return this.patterns;
  }

  maskText(text: string): string {
    const { email, personal, words } = this.compiled();
    let masked = text.replace(email, this.placeholder).split(this.key).join(this.placeholderKey);
    if (personal) masked = masked.replace(personal, ERASED);
    if (words) masked = masked.replace(words, (word: string, at: number, whole: string) => (standsAlone(whole, at) ? ERASED : word));
    return masked;
  }

  /** A stored JSON value (a read model's json column) with every string in it, keys too, masked as text. */
  maskStrings(value: unknown): unknown {
    if (typeof value === 'string') return this.maskText(value);
    if (Array.isArray(value)) return value.map((item) => this.maskStrings(item));
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [this.maskText(k), this.maskStrings(v)]));
    }
    return value;
  }

  /** A stored JSON value with the personal fields blanked and the address replaced. */
  maskJson(value: unknown, key?: string): unknown {
    if (typeof value === 'string') return key && PERSONAL_FIELDS.has(key) && value !== '' ? ERASED : this.maskText(value);
    if (Array.isArray(value)) return value.map((item) => this.maskJson(item));
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [this.maskText(k), this.maskJson(v, k)]));
    }
    return value;
  }

  collect(value: unknown, key?: string): void {
    if (typeof value === 'string') {
      if (!key || !PERSONAL_FIELDS.has(key) || value.trim() === '' || value === ERASED) return;
      this.personal.add(value);
      if (NAME_FIELDS.has(key)) {
        for (const word of value.split(/[^\p{L}\p{N}]+/u)) if (word.length >= MIN_NAME_WORD) this.nameWords.add(word);
      }
      this.patterns = null;
    } else if (Array.isArray(value)) {
      for (const item of value) this.collect(item);
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) this.collect(v, k);
    }
  }
}

interface EventRow {
  global_position: number;
  type: string;
  stream_id: string;
  data: unknown;
  metadata: Record<string, unknown>;
}

async function personalEvents(trx: Trx, masking: Masking): Promise<EventRow[]> {
  const { rows } = await sql<EventRow>`
    select global_position, type, stream_id, data, metadata from events
    where data::text ~* ${masking.emailPattern} or metadata::text ~* ${masking.emailPattern}
       or stream_id like ${`%${masking.key}%`} or data::text like ${`%${masking.key}%`}
    order by global_position`.execute(trx);
  if (rows.length === 0) return rows;
  // The rest of a stream that is theirs alone (a question and its triage notes), not of a shared one (the
  // waiting list, where every lead joins): a stream is theirs when no other address appears in it.
  const streams = [...new Set(rows.map((row) => row.stream_id))];
  const { rows: others } = await sql<EventRow>`
    select global_position, type, stream_id, data, metadata from events
    where stream_id in (${sql.join(streams)}) order by global_position`.execute(trx);
  const addressesByStream = new Map<string, Set<string>>();
  for (const row of others) {
    const found = addressesByStream.get(row.stream_id) ?? new Set<string>();
    for (const match of JSON.stringify(row.data).matchAll(/(?<![^\s"'<>(),;:@])[^\s"'<>(),;:@]+@[^\s"'<>(),;:@]+\.[A-Za-z]{2,}/g))
      found.add(match[0].toLowerCase());
    addressesByStream.set(row.stream_id, found);
  }
  const own = new Set(streams.filter((stream) => [...addressesByStream.get(stream)!].every((found) => found === masking.address)));
  const byPosition = new Map(rows.map((row) => [row.global_position, row]));
  for (const row of others) if (own.has(row.stream_id)) byPosition.set(row.global_position, row);
  for (const row of await theirVisits(trx, [...byPosition.values()])) byPosition.set(row.global_position, row);
  return [...byPosition.values()].sort((a, b) => a.global_position - b.global_position);
}

/**
 * Every event of the person's visits: the analytics sessions their own events name (the session they joined
 * the list in, say) and every other session of the same browser (its visitor id). A page title or an
 * interaction there may hold their name without their address.
 */
async function theirVisits(trx: Trx, theirs: EventRow[]): Promise<EventRow[]> {
  const sessionIds = [
    ...new Set(
      theirs.map((row) => (row.data as { sessionId?: unknown } | null)?.sessionId).filter((id): id is string => typeof id === 'string'),
    ),
  ];
  if (sessionIds.length === 0) return [];
  const streams = sessionIds.map((id) => visitStream(id));
  const { rows } = await sql<EventRow>`
    select global_position, type, stream_id, data, metadata from events
    where stream_id in (${sql.join(streams)})
       or stream_id in (
         select 'visit-' || (data->>'sessionId') from events
         where type = 'AnalyticsSessionStarted' and data->>'visitorId' in (
           select data->>'visitorId' from events
           where type = 'AnalyticsSessionStarted' and stream_id in (${sql.join(streams)}) and data->>'visitorId' is not null))`.execute(
    trx,
  );
  return rows;
}

async function collectPersonalStrings(trx: Trx, masking: Masking): Promise<void> {
  for (const row of await personalEvents(trx, masking)) masking.collect(row.data);
  for (const table of await textColumns(trx)) {
    const personalColumns = table.columns.filter(isPersonalColumn);
    if (personalColumns.length === 0) continue;
    const { rows } = await sql<Record<string, unknown>>`
      select ${sql.join(personalColumns.map((c) => sql.ref(c.name)))} from ${sql.table(table.name)}
      where ${mentionsPerson(table.columns, masking)}`.execute(trx);
    for (const row of rows) masking.collect(row);
  }
}

/** A text column named like a personal field (a JSON column such as an e-mail's `message` is searched instead). */
function isPersonalColumn(column: TextTable['columns'][number]): boolean {
  return column.json === null && PERSONAL_FIELDS.has(column.name);
}

/** Masks the person's events; answers the type of each event masked. */
async function maskEvents(trx: Trx, masking: Masking): Promise<string[]> {
  const rows = await personalEvents(trx, masking);
  for (const row of rows) {
    await sql`
      update events set
        stream_id = ${row.stream_id.split(masking.key).join(masking.placeholderKey)},
        data = ${JSON.stringify(masking.maskJson(row.data))}::jsonb,
        metadata = ${JSON.stringify(masking.maskJson(row.metadata))}::jsonb
      where global_position = ${row.global_position}`.execute(trx);
  }
  return rows.map((row) => row.type);
}

interface TextTable {
  name: string;
  columns: { name: string; json: 'json' | 'jsonb' | null }[];
}

/** Every table but the log, with its text and JSON columns, from the database's catalogue. */
async function textColumns(trx: Trx): Promise<TextTable[]> {
  const { rows } = await sql<{ table_name: string; column_name: string; data_type: string }>`
    select c.table_name, c.column_name, c.data_type
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE' and c.is_generated = 'NEVER'
      and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb')
      and c.table_name not in ('events', 'projection_checkpoints') and c.table_name not like 'kysely\\_%'
    order by c.table_name, c.ordinal_position`.execute(trx);
  const tables = new Map<string, TextTable>();
  for (const row of rows) {
    const table = tables.get(row.table_name) ?? { name: row.table_name, columns: [] };
    table.columns.push({ name: row.column_name, json: row.data_type === 'json' || row.data_type === 'jsonb' ? row.data_type : null });
    tables.set(row.table_name, table);
  }
  return [...tables.values()];
}

function mentionsPerson(columns: TextTable['columns'], masking: Masking) {
  const text = sql`concat_ws(' ', ${sql.join(columns.map((c) => sql`${sql.ref(c.name)}::text`))})`;
  return sql`(${text} ~* ${masking.emailPattern} or strpos(${text}, ${masking.key}) > 0)`;
}

/**
 * Masks every row that mentions the person, in JavaScript with the log's own masking (so a name in another
 * case, or a word of it in a keyword list, goes as it does from the events): a personal column becomes
 * `[erased]`, every other text and JSON column has the address, its key and the person's words replaced.
 */
async function maskReadModels(trx: Trx, masking: Masking): Promise<number> {
  let masked = 0;
  for (const table of await textColumns(trx)) {
    const { rows } = await sql<Record<string, unknown>>`
      select ctid::text as ${sql.ref(ROW_ID)}, ${sql.join(table.columns.map((c) => sql.ref(c.name)))} from ${sql.table(table.name)}
      where ${mentionsPerson(table.columns, masking)}`.execute(trx);
    for (const row of rows) {
      const assignments = table.columns.flatMap(({ name, json }) => {
        const value = row[name];
        if (value === null || value === undefined || value === '') return [];
        const column = sql.ref(name);
        if (isPersonalColumn({ name, json })) return [sql`${column} = ${ERASED}`];
        if (json) return [sql`${column} = ${JSON.stringify(masking.maskStrings(value))}::${sql.raw(json)}`];
        return [sql`${column} = ${masking.maskText(String(value))}`];
      });
      if (assignments.length === 0) continue;
      await sql`update ${sql.table(table.name)} set ${sql.join(assignments)} where ctid = ${row[ROW_ID]}::tid`.execute(trx);
      masked++;
    }
  }
  return masked;
}

/** The alias a row's physical id (ctid) is read under: no column of ours is named so. */
const ROW_ID = '__erasure_row_id';

/** Deletes the .eml files that mention the person: a copy of a delivered e-mail is nothing to keep. */
function deleteMessageFiles(folder: string, masking: Masking): number {
  if (!existsSync(folder)) return 0;
  let deleted = 0;
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.eml'))) {
    const path = join(folder, file);
    const raw = readFileSync(path, 'utf8');
    // Quoted-printable bodies split long lines and escape '=' and '@' sometimes: read them decoded too.
    const decoded = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (masking.mentions(raw) || masking.mentions(decoded)) {
      rmSync(path);
      deleted++;
    }
  }
  return deleted;
}

/**
 * Whether a word found at `at` starts one: nothing, or no letter or digit, before it; a percent-encoded byte
 * (`%20Pereira`) counts as a break. The last four characters hold the last code point whole.
 */
function standsAlone(text: string, at: number): boolean {
  return /(?:^|[^\p{L}\p{N}]|%[0-9A-F]{2})$/iu.test(text.slice(Math.max(0, at - 4), at));
}

/** The character's UTF-8 bytes percent-encoded, once or twice (`%40`, `%2540`), as a regex. */
function percentEncodings(char: string): string {
  const bytes = [...Buffer.from(char, 'utf8')].map((byte) => `%(?:25)?${byte.toString(16).padStart(2, '0')}`);
  return bytes.join('');
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
