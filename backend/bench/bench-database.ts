import pg from 'pg';
import { openDatabase } from '../src/shared/db/database.js';

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A throw-away database on the bench's server (BENCH_DATABASE_URL, else the local one), migrated; `drop` removes it. */
export async function openBenchDatabase(prefix: string) {
  const name = `${prefix}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: '.data' });
  return {
    db: database.db,
    async drop() {
      await database.close();
      await admin.query(`drop database ${name}`);
      await admin.end();
    },
  };
}
