import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, databasePoolSize, loadConfig } from './config';

const dir = () => mkdtempSync(join(tmpdir(), 'lexdesk-config-'));

describe('loadConfig', () => {
  it('given only DATA_DIR, then the defaults apply (loopback host, port 4000, loopback CORS)', () => {
    const dataDir = dir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 4000,
      dataDir,
      logLevel: 'info',
      corsOrigins: ['loopback'],
    });
    expect(config.databaseUrl).toBeUndefined();
  });

  it('given PIPELINE_PROCESS, then the pipeline runs where it says (a child process by default); another value is a ConfigError', () => {
    const dataDir = dir();
    expect(loadConfig({ DATA_DIR: dataDir }).pipelineProcess).toBe('child');
    expect(loadConfig({ DATA_DIR: dataDir, PIPELINE_PROCESS: 'inline' }).pipelineProcess).toBe(
      'inline',
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, PIPELINE_PROCESS: 'thread' })).toThrow(
      /pipelineProcess/,
    );
  });

  it('given a config file and environment, then the environment wins and the file fills the rest', () => {
    const dataDir = dir();
    writeFileSync(
      join(dataDir, 'config.json'),
      JSON.stringify({ port: 5000, logLevel: 'warn', corsOrigins: ['https://app.example'] }),
    );
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORT: '0',
      CORS_ORIGINS: 'loopback, app://lexdesk',
    });
    expect(config).toMatchObject({
      port: 0,
      logLevel: 'warn',
      corsOrigins: ['loopback', 'app://lexdesk'],
    });
  });

  it('given bad values, then one ConfigError lists every problem by name', () => {
    const attempt = () =>
      loadConfig({ DATA_DIR: dir(), PORT: '70000', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/port[\s\S]*databaseUrl[\s\S]*logLevel/);
  });

  it('given LEXDESK_CONFIG pointing at invalid JSON or an unknown key, then a clear ConfigError', () => {
    const file = join(dir(), 'lexdesk.json');
    writeFileSync(file, '{ not json');
    expect(() => loadConfig({ LEXDESK_CONFIG: file })).toThrow(/not valid JSON/);
    writeFileSync(file, JSON.stringify({ prot: 1 }));
    expect(() => loadConfig({ LEXDESK_CONFIG: file, DATA_DIR: dir() })).toThrow(/prot/);
  });

  it('given LLM_BASE_URL and LLM_MODEL, then the LLM extractor is configured with defaults; a URL without a model is a ConfigError', () => {
    const config = loadConfig({
      DATA_DIR: dir(),
      LLM_BASE_URL: 'http://127.0.0.1:11434/v1',
      LLM_MODEL: 'llama3',
    });
    expect(config.llm).toEqual({
      baseUrl: 'http://127.0.0.1:11434/v1',
      model: 'llama3',
      timeoutMs: 60_000,
      maxChars: 24_000,
    });
    expect(loadConfig({ DATA_DIR: dir() }).llm).toBeUndefined();
    expect(() => loadConfig({ DATA_DIR: dir(), LLM_BASE_URL: 'http://127.0.0.1:1/v1' })).toThrow(
      ConfigError,
    );
  });

  it('given no limit settings, then reads stop after 5 s and mutations are limited to 120, refilled 2 a second', () => {
    const config = loadConfig({ DATA_DIR: dir() });
    expect(config.readTimeoutMs).toBe(5000);
    expect(config.mutationRateLimit).toEqual({ burst: 120, perSecond: 2 });
  });

  it('given READ_TIMEOUT_MS and MUTATION_RATE_* over a config file, then the environment wins field by field', () => {
    const dataDir = dir();
    writeFileSync(
      join(dataDir, 'config.json'),
      JSON.stringify({ readTimeoutMs: 8000, mutationRateLimit: { burst: 30, perSecond: 1 } }),
    );
    const config = loadConfig({ DATA_DIR: dataDir, MUTATION_RATE_PER_SECOND: '0.5' });
    expect(config.readTimeoutMs).toBe(8000);
    expect(config.mutationRateLimit).toEqual({ burst: 30, perSecond: 0.5 });
    expect(loadConfig({ DATA_DIR: dataDir, READ_TIMEOUT_MS: '250' }).readTimeoutMs).toBe(250);
  });

  it('given a zero or negative limit, then a ConfigError names it', () => {
    const dataDir = dir();
    expect(() => loadConfig({ DATA_DIR: dataDir, READ_TIMEOUT_MS: '0' })).toThrow(/readTimeoutMs/);
    expect(() => loadConfig({ DATA_DIR: dataDir, MUTATION_RATE_BURST: '0' })).toThrow(
      /mutationRateLimit\.burst/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, MUTATION_RATE_PER_SECOND: '-1' })).toThrow(
      /mutationRateLimit\.perSecond/,
    );
  });
});

describe('databasePoolSize', () => {
  it('given workflow workers on their own connections, then the main pool does not grow with them', () => {
    expect(databasePoolSize()).toBe(10);
  });
});
