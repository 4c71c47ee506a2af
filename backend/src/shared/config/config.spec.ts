import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('gives the embedded defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: '.data', RUN_WORKERS: true, DEMO_CATALOGUE: true });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', REDIS_URL: '', PORT: '' }).PORT).toBe(3000);
  });

  it('names each wrong variable', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', REDIS_URL: 'nope' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).toContain('PORT: must be a number');
      expect(message).toContain('DATABASE_URL: must be a postgres:// URL');
      expect(message).toContain('REDIS_URL: must be a redis:// URL');
    }
  });

  it('reads REDIS_URL as one Redis or a Redis Cluster', () => {
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(loadConfig({ REDIS_URL: 'redis-cluster://10.0.0.1:7000,10.0.0.2:7001' }).REDIS_URL).toBe(
      'redis-cluster://10.0.0.1:7000,10.0.0.2:7001',
    );
    expect(() => loadConfig({ REDIS_URL: 'redis-cluster://10.0.0.1:7000/3' })).toThrow(
      /REDIS_URL: must be a redis:\/\/ URL, or redis-cluster:\/\/host:port,host:port,\.\.\. for a Redis Cluster/,
    );
  });

  it('reads REDIS_PREFIX with at most one hash tag', () => {
    expect(loadConfig({}).REDIS_PREFIX).toBe('unsheet');
    for (const prefix of ['unsheet-eu_2', '{unsheet}', 'app-{unsheet}'])
      expect(loadConfig({ REDIS_PREFIX: prefix }).REDIS_PREFIX).toBe(prefix);
    for (const prefix of ['un sheet', 'a:b', '{}', '{a}{b}', '{a', 'a}', '{a:b}'])
      expect(() => loadConfig({ REDIS_PREFIX: prefix }), prefix).toThrow(
        /REDIS_PREFIX: letters, digits, - and _ only, with at most one \{hash tag\}/,
      );
  });

  it('reads CORS_ORIGINS as a list of origins and refuses anything else', () => {
    expect(loadConfig({}).CORS_ORIGINS).toBeUndefined();
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example, http://localhost:5173/' }).CORS_ORIGINS).toEqual([
      'https://a.example',
      'http://localhost:5173',
    ]);
    expect(() => loadConfig({ CORS_ORIGINS: 'https://a.example/path' })).toThrow(/CORS_ORIGINS: must be comma-separated origins/);
    expect(() => loadConfig({ CORS_ORIGINS: '*' })).toThrow(/CORS_ORIGINS/);
  });

  it('refuses API-only processes without Redis to wake the workers', () => {
    expect(() => loadConfig({ RUN_WORKERS: 'false' })).toThrow(/RUN_WORKERS: must be true when REDIS_URL is not set/);
    expect(loadConfig({ RUN_WORKERS: 'false', REDIS_URL: 'redis://127.0.0.1:6379' }).RUN_WORKERS).toBe(false);
  });

  it('reads IPV6_PREFIX_BITS, 64 by default, and refuses a prefix outside 32-128', () => {
    expect(loadConfig({}).IPV6_PREFIX_BITS).toBe(64);
    expect(loadConfig({ IPV6_PREFIX_BITS: '56' }).IPV6_PREFIX_BITS).toBe(56);
    for (const value of ['16', '129', 'x', '64.5'])
      expect(() => loadConfig({ IPV6_PREFIX_BITS: value }), value).toThrow(/IPV6_PREFIX_BITS/);
  });

  it('reads TRUST_PROXY as proxy addresses or a hop count, and refuses anything else', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,::1,fd00::/8,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    for (const wrong of ['true', '11', '10.0.0.300', '10.0.0.0/33', 'proxy.example.com', '10.0.0.1/8/1', '-1']) {
      expect(() => loadConfig({ TRUST_PROXY: wrong }), wrong).toThrow(/TRUST_PROXY: must be proxy addresses or CIDRs/);
    }
  });

  it('requires PUBLIC_BASE_URL in production, so that no Host header makes the links of the site', () => {
    const production = { NODE_ENV: 'production', APP_SECRET: 'x'.repeat(32) };
    expect(() => loadConfig(production)).toThrow(/PUBLIC_BASE_URL: required in production/);
    expect(loadConfig({ ...production, PUBLIC_BASE_URL: 'https://unsheet.app' }).PUBLIC_BASE_URL).toBe('https://unsheet.app');
  });
});
