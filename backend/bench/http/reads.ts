/**
 * Reads against a bare reference: each catalogue JSON read and each cached server-rendered page, measured on
 * the real server and on a bare Fastify process (reference-server.ts) that answers the same URLs with the very
 * status, headers and bytes the real server gave for them, from memory. Same connections, same duration, same
 * autocannon settings, the two measured one after the other, read by read; the ratio says how close the real
 * server comes to what Node and Fastify alone can do on these cores.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROJECT_ROOT } from '../../src/shared/paths.js';
import type { ReferenceAnswer } from './reference-server.js';
import { load, pick, type LoadResult } from './load.js';

export const READS = {
  connections: 20,
  /** Seconds of each measurement (BENCH_READ_SECONDS changes it). */
  seconds: Number(process.env.BENCH_READ_SECONDS ?? 5),
  warmUpSeconds: 2,
};

export interface ReadFigures {
  name: string;
  kind: 'JSON' | 'page';
  real: LoadResult;
  reference: LoadResult;
  /** real / reference, in requests per second. */
  ratio: number;
  /** Bytes of one answer (the first URL's body). */
  bytes: number;
}

interface Read {
  name: string;
  kind: ReadFigures['kind'];
  urls: string[];
}

export async function readsAgainstReference(baseUrl: string): Promise<ReadFigures[]> {
  const apps = ((await (await fetch(`${baseUrl}/api/apps?pageSize=100`)).json()) as { items: { slug: string }[] }).items;
  const categories = (await (await fetch(`${baseUrl}/api/categories`)).json()) as { slug: string }[];
  if (apps.length === 0) throw new Error('the catalogue is empty: the server should have loaded the demo catalogue');
  const someApps = apps.slice(0, 10).map((app) => app.slug);
  const someCategories = categories.slice(0, 5).map((category) => category.slug);
  const reads: Read[] = [
    { name: 'top apps (`/api/apps/top`)', kind: 'JSON', urls: ['/api/apps/top?limit=12&offset=0'] },
    { name: 'a category (`/api/categories/:slug`)', kind: 'JSON', urls: someCategories.map((slug) => `/api/categories/${slug}`) },
    { name: 'an app (`/api/apps/:slug`)', kind: 'JSON', urls: someApps.map((slug) => `/api/apps/${slug}`) },
    {
      name: 'a search (`/api/apps/search`)',
      kind: 'JSON',
      urls: ['invoice', 'shift', 'sales', 'support'].map((q) => `/api/apps/search?q=${q}`),
    },
    { name: 'the categories (`/api/categories`)', kind: 'JSON', urls: ['/api/categories'] },
    { name: 'home page (`/`)', kind: 'page', urls: ['/'] },
    { name: 'a category page (`/c/:slug`)', kind: 'page', urls: someCategories.map((slug) => `/c/${slug}`) },
    { name: 'an app page (`/app/:slug`)', kind: 'page', urls: someApps.map((slug) => `/app/${slug}`) },
  ];
  // Twice: the first request of a page renders it and keeps it; the answers copied are the kept ones.
  for (const url of reads.flatMap((read) => read.urls)) await get(baseUrl, url);
  const answers: ReferenceAnswer[] = [];
  for (const url of reads.flatMap((read) => read.urls)) {
    const answer = await get(baseUrl, url);
    if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`);
    answers.push(answer);
  }
  const reference = await startReference(answers);
  try {
    const figures: ReadFigures[] = [];
    for (const read of reads) {
      const run = (url: string, duration: number) => load({ url, connections: READS.connections, duration, path: () => pick(read.urls) });
      await run(baseUrl, READS.warmUpSeconds);
      await run(reference.url, READS.warmUpSeconds);
      const real = await run(baseUrl, READS.seconds);
      const bare = await run(reference.url, READS.seconds);
      const bytes = Buffer.from(answers.find((answer) => answer.url === read.urls[0])!.body, 'base64').length;
      figures.push({ name: read.name, kind: read.kind, real, reference: bare, ratio: real.rps / bare.rps, bytes });
    }
    return figures;
  } finally {
    await reference.stop();
  }
}

/** Headers Node's HTTP server writes for each answer itself. */
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/** The answer as autocannon gets it: a plain GET without Accept-Encoding (so nothing compressed). */
function get(baseUrl: string, url: string): Promise<ReferenceAnswer> {
  return new Promise((resolve, reject) => {
    request(`${baseUrl}${url}`, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const headers = Object.fromEntries(
          Object.entries(response.headers).filter(
            (entry): entry is [string, string | string[]] => entry[1] !== undefined && !PER_CONNECTION.has(entry[0]),
          ),
        );
        resolve({ url, status: response.statusCode ?? 0, headers, body: Buffer.concat(chunks).toString('base64') });
      });
    })
      .on('error', reject)
      .end();
  });
}

async function startReference(answers: ReferenceAnswer[]): Promise<{ url: string; stop(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'unsheet-reference-'));
  const file = join(dir, 'answers.json');
  writeFileSync(file, JSON.stringify(answers));
  const script = fileURLToPath(new URL('./reference-server.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script, file], {
    cwd: PROJECT_ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const port = await new Promise<string>((resolve, reject) => {
      let output = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /listening (\d+)/.exec(output);
        if (match) resolve(match[1]!);
      });
      child.once('exit', (code) => reject(new Error(`the reference server exited (${code}) before it listened`)));
      setTimeout(() => reject(new Error('the reference server did not listen within 30 s')), 30_000).unref();
    });
    return { url: `http://127.0.0.1:${port}`, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
