/**
 * Every regular expression of the server and the shared contract runs in time linear in its input: a client
 * controls paths, queries, headers, bodies, tracker fields and imported files, and one pattern that rescans
 * (`[a-z]+@…` on a long run with no `@`) lets one request hold the event loop for seconds.
 *
 * The test finds the patterns itself (every regex literal in backend/src and contracts, read with the
 * TypeScript parser), so a new one is measured without being listed. Each is fed long runs of the characters
 * it repeats on, with no terminator and with the usual ones, at 16,000 and 64,000 characters; it fails when
 * the time grows faster than the length. Patterns built at run time (`new RegExp`) and the libraries that read
 * client text (user-agent parsing, bot detection, zod's formats) are measured by name below.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { isbot } from 'isbot';
import UAParser from 'ua-parser-js';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { emailSchema } from '../../contracts/form-fields.js';
import { maskAddressesIn } from './shared/validation/mask-email.js';
import { Masking } from './privacy/erase-personal-data.js';
import { coreOf, wordingOf } from './analytics/demand/wording.js';
import { recordOf } from './identity/audit/audit-records.js';
import { attribute } from '../../contracts/analytics/attribution.js';
import { classifyTraffic } from './shared/http/traffic-class.js';

const ROOT = join(import.meta.dirname, '../..');
const SCANNED = ['backend/src', 'contracts'];
const SHORT = 16_000;
const LONG = 64_000;
/** Linear work grows 4× from SHORT to LONG, quadratic 16×; the margin absorbs a noisy machine. */
const MAX_GROWTH = 8;
/** Below this the LONG input is too quick to tell anything, and harmless whatever its growth. */
const NOISE_FLOOR_MS = 20;
/** 16,000 characters of anything take a linear pattern well under a millisecond. */
const SHORT_BUDGET_MS = 50;

interface Found {
  where: string;
  regex: RegExp;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' || name === 'dist' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.(spec|int-spec|e2e-spec|d)\.ts$/.test(name) ? [path] : [];
  });
}

/** Every regex literal of the scanned trees, and the places that build one at run time. */
function scan(): { literals: Found[]; constructed: string[] } {
  const literals: Found[] = [];
  const constructed: string[] = [];
  for (const file of SCANNED.flatMap((dir) => sourceFiles(join(ROOT, dir)))) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      const where = `${relative(ROOT, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const text = node.getText();
        const end = text.lastIndexOf('/');
        literals.push({ where, regex: new RegExp(text.slice(1, end), text.slice(end + 1)) });
      }
      if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'RegExp') constructed.push(where);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { literals, constructed };
}

/** One run of a pattern over a text, as the code uses it: every match when global, the first otherwise. */
function run(regex: RegExp, text: string): void {
  regex.lastIndex = 0;
  if (regex.global || regex.sticky) text.replace(regex, '');
  else regex.exec(text);
}

/** The printable characters a pattern's source names (escapes and Unicode properties left out). */
const namedIn = (regex: RegExp): string[] =>
  [...new Set(regex.source.replace(/\\[pPu]\{[^}]*\}/g, '').replace(/\\./g, ''))].filter(
    (char) => char >= ' ' && char <= '~' && !'[]()*+?{}|^$'.includes(char),
  );

/** The characters URLs, addresses, user agents and sentences repeat on: for the functions measured by name. */
const TEXT_PUNCTUATION = [...'@.:/-_;()=&?%+,!#~'];

/**
 * The texts that make a backtracking pattern rescan: long runs of each character the pattern names (and of
 * a letter, a digit, a space), alone or in pairs, with nothing after them or with a character that ends
 * no run, and after the prefixes that reach the inner parts of anchored patterns. Each is a function of the
 * run's length.
 */
function adversarialTexts(named: readonly string[]): ((length: number) => string)[] {
  const singles = [...new Set(['a', 'A', '0', ' ', '\t', '-', '.', '/', '%', '@', '_', 'é', '\u0000', ...named])];
  const pairs = ['a', '0', ' '].flatMap((first) => named.filter((char) => char !== first).map((char) => first + char));
  const suffixes = ['', '!', '\u0000', '@', '\n'];
  const prefixes = ['', 'a@', 'x@a'];
  return [...singles, ...pairs].flatMap((unit) =>
    prefixes.flatMap((prefix) =>
      suffixes.map((suffix) => (length: number) => prefix + unit.repeat(Math.ceil(length / unit.length)).slice(0, length) + suffix),
    ),
  );
}

function fastest(work: () => void, times: number): number {
  let best = Infinity;
  for (let i = 0; i < times; i += 1) {
    const start = performance.now();
    work();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

/**
 * Whether `work` stays linear on each adversarial text: the texts on which it grows more than MAX_GROWTH
 * times from SHORT to LONG characters, or takes more than SHORT_BUDGET_MS on SHORT already.
 */
function superlinear(work: (text: string) => unknown, named: readonly string[]): string[] {
  const slow: string[] = [];
  for (const text of adversarialTexts(named)) {
    const short = text(SHORT);
    let once = fastest(() => work(short), 1);
    const label = JSON.stringify(short.slice(0, 12));
    // A pause of the collector or of the other test files lands on one run, not on three.
    if (once > SHORT_BUDGET_MS)
      once = Math.min(
        once,
        fastest(() => work(short), 3),
      );
    if (once > SHORT_BUDGET_MS) {
      slow.push(`${label}…: ${once.toFixed(0)} ms on ${SHORT} characters`);
      continue;
    }
    // Even a quadratic growth from here stays under the noise floor at LONG.
    if (once < NOISE_FLOOR_MS / 16) continue;
    const long = text(LONG);
    const longTime = fastest(() => work(long), 2);
    if (longTime < NOISE_FLOOR_MS) continue;
    const shortTime = Math.min(
      once,
      fastest(() => work(short), 2),
    );
    if (longTime / shortTime > MAX_GROWTH) slow.push(`${label}…: ${shortTime.toFixed(1)} ms → ${longTime.toFixed(1)} ms`);
  }
  return slow;
}

const { literals, constructed } = scan();

describe('regular expressions on client text', () => {
  it('finds the patterns of the server and the contract', () => {
    // A scan that found nothing would pass everything below.
    expect(literals.length).toBeGreaterThan(80);
    expect(literals.map((found) => found.where)).toContain('backend/src/shared/validation/mask-email.ts:19');
  });

  it.each(literals.map((found) => [found.where, found.regex] as const))('%s runs in linear time', (_, regex) => {
    expect(superlinear((text) => run(regex, text), namedIn(regex))).toEqual([]);
  });

  /** Built at run time, each measured by the function that builds and runs it. */
  const CONSTRUCTED: Record<string, (text: string) => unknown> = {
    // The erased address, in every encoding: anchored on its own characters, so a run is scanned once (the
    // pattern `mentions` tests too). The person's words: alternatives of escaped literals, each word of the
    // name bounded by a look of at most three characters either side.
    'backend/src/privacy/erase-personal-data.ts': (text) => {
      const masking = new Masking('erin.erase@example.org', 'key', 'erased@invalid');
      masking.collect({ displayName: 'Erin Erasmus', message: 'Erin asks: a demo?' });
      return masking.maskText(text);
    },
    // One character class per script, tested one character at a time.
    'contracts/form-fields.ts': (text) => emailSchema.safeParse(`${text.slice(0, 200)}@example.com`),
    // `<kind>-<uuid>`, anchored at both ends, alternatives of fixed words.
    'backend/src/identity/audit/audit-records.ts': (text) => recordOf(`lead-${text}`),
  };

  it('knows every pattern built at run time', () => {
    const files = [...new Set(constructed.map((where) => where.replace(/:\d+$/, '')))].sort();
    expect(files).toEqual(Object.keys(CONSTRUCTED).sort());
  });

  const FUNCTIONS: Record<string, (text: string) => unknown> = {
    ...CONSTRUCTED,
    'the request log’s masking of addresses': maskAddressesIn,
    'bot detection (isbot) on a User-Agent': isbot,
    'user-agent parsing (ua-parser-js)': (text) => new UAParser(text).getResult(),
    'the traffic classifier on a user agent and a referrer': (text) =>
      classifyTraffic({ userAgent: text, automation: null, referrer: `https://${text}.example/`, network: null }),
    'the demand signals’ wording and core': (text) => coreOf(wordingOf(text)),
    'attribution of a landing URL and referrer': (text) =>
      attribute(`https://unsheet.example/?utm_source=${text}`, `https://${text}.example/`),
    'zod’s formats (uuid, datetime, email, url)': (text) => [
      z.uuid().safeParse(text),
      z.iso.datetime({ offset: true }).safeParse(text),
      z.email().safeParse(text),
      z.url().safeParse(text),
    ],
    'the e-mail address schema': emailSchema.safeParse.bind(emailSchema),
  };

  it.each(Object.entries(FUNCTIONS))('%s runs in linear time', (_, work) => {
    expect(superlinear(work, TEXT_PUNCTUATION)).toEqual([]);
  });
});
