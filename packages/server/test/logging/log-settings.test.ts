import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/index.js';
import { createLogger } from '../../src/logging/create-logger.js';
import type { LogSettings } from '../../src/logging/settings.js';
import { PRODUCTION_ENV, REPO_CONFIG, tempDir } from '../helpers/test-config.js';

/**
 * What an operator sets and then reads: VESTIBULE_LOG_LEVEL and VESTIBULE_LOG_FORMAT (or the
 * file's server.logLevel and server.logFormat), and the lines the server's logger writes with them.
 */

/** The repo's demo config with `server` fields added, in a file of its own. */
function withServerFields(server: Record<string, unknown>): string {
  const file = join(tempDir('vestibule-log-config-'), 'vestibule.config.json');
  const { project } = JSON.parse(readFileSync(REPO_CONFIG, 'utf8'));
  writeFileSync(file, JSON.stringify({ project, server }));
  return file;
}

const load = (env: Record<string, string>, server?: Record<string, unknown>) =>
  loadConfig({ file: server ? withServerFields(server) : REPO_CONFIG, cwd: tempDir(), env });

const PRODUCTION = { ...PRODUCTION_ENV, SMTP_URL: 'smtp://localhost:2525' };

describe('the log settings', () => {
  it('are info, readable lines in development and JSON lines in production, unless set', () => {
    expect(load({})).toMatchObject({ logLevel: 'info', logFormat: 'pretty' });
    expect(load(PRODUCTION)).toMatchObject({ logLevel: 'info', logFormat: 'json' });
  });

  it('are taken from VESTIBULE_LOG_LEVEL and VESTIBULE_LOG_FORMAT, or from the file', () => {
    expect(load({ VESTIBULE_LOG_LEVEL: 'debug', VESTIBULE_LOG_FORMAT: 'json' })).toMatchObject({ logLevel: 'debug', logFormat: 'json' });
    expect(load({ ...PRODUCTION, VESTIBULE_LOG_LEVEL: 'silent', VESTIBULE_LOG_FORMAT: 'pretty' })).toMatchObject({ logLevel: 'silent', logFormat: 'pretty' });
    expect(load({}, { logLevel: 'warn', logFormat: 'json' })).toMatchObject({ logLevel: 'warn', logFormat: 'json' });
  });

  it('refuse a level or a format they do not know, naming the variable', () => {
    expect(() => load({ VESTIBULE_LOG_LEVEL: 'verbose' })).toThrow(ConfigError);
    expect(() => load({ VESTIBULE_LOG_LEVEL: 'verbose' })).toThrow(/VESTIBULE_LOG_LEVEL/);
    expect(() => load({ VESTIBULE_LOG_FORMAT: 'xml' })).toThrow(/VESTIBULE_LOG_FORMAT/);
  });
});

/** A logger as the server makes it, writing into an array instead of stdout. */
function capture(settings: LogSettings) {
  const lines: string[] = [];
  const log = createLogger(settings, { write: (line: string) => void lines.push(line) });
  return { log, lines };
}

const requestLine = {
  request_id: '3f6d1c52-5b7e-4c9e-9a51-0d8c1e2f3a4b',
  method: 'POST',
  route: '/sdk/v1/otps/authenticate',
  status: 200,
  duration_ms: 12.3,
  client_address: '203.0.113.7',
};

describe('the logger', () => {
  it('writes one JSON object a line, with the level by name, an ISO time, the message and the details as fields', () => {
    const { log, lines } = capture({ level: 'info', format: 'json' });
    log.info('Request answered', requestLine);
    log.error('Unhandled error', { request_id: requestLine.request_id });
    expect(lines).toHaveLength(2);
    expect(lines.every((line) => line.endsWith('\n') && !line.slice(0, -1).includes('\n'))).toBe(true);
    const [first, second] = lines.map((line) => JSON.parse(line));
    expect(first).toMatchObject({ level: 'info', msg: 'Request answered', ...requestLine });
    expect(new Date(first.time).toISOString()).toBe(first.time);
    expect(second).toMatchObject({ level: 'error', msg: 'Unhandled error', request_id: requestLine.request_id });
  });

  it('writes nothing below its level, and nothing at all when silent', () => {
    const warn = capture({ level: 'warn', format: 'json' });
    warn.log.info('Signed in', { user_id: 'u' });
    warn.log.warn('Sign-in work refused', {});
    warn.log.error('Unhandled error', {});
    expect(warn.lines.map((line) => JSON.parse(line).level)).toEqual(['warn', 'error']);
    const silent = capture({ level: 'silent', format: 'json' });
    silent.log.error('Unhandled error', {});
    expect(silent.lines).toEqual([]);
  });

  it('writes readable lines in the pretty format: a request line reads method, route, status and duration, then its id and caller', () => {
    const { log, lines } = capture({ level: 'info', format: 'pretty' });
    log.info('Request answered', requestLine);
    log.warn('Two-step verification locked by wrong codes', { user_id: 'user-1' });
    // Without the colours a terminal may get.
    const plain = lines.map(stripVTControlCharacters);
    expect(plain[0]).toMatch(
      /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: POST \/sdk\/v1\/otps\/authenticate 200 12\.3 ms \{"request_id":"3f6d1c52-5b7e-4c9e-9a51-0d8c1e2f3a4b","client_address":"203\.0\.113\.7"\}\n$/,
    );
    expect(plain[1]).toMatch(/^\[[\d:.]+\] WARN: Two-step verification locked by wrong codes \{"user_id":"user-1"\}\n$/);
  });

  it('writes [redacted] for a field named as a secret, at the top or inside a body, query, form, params or headers', () => {
    const { log, lines } = capture({ level: 'info', format: 'json' });
    log.info('A careless call', {
      password: 'hunter2-hunter2',
      session_token: 'vst_live_session',
      body: { email: 'pat@example.com', code: '123456', new_password: 'n3w-p4ssw0rd' },
      query: { token: 'link-token' },
      headers: { authorization: 'Bearer vst_live_session', cookie: 'sid=1', 'set-cookie': 'sid=2', accept: 'application/json' },
      code: 21211,
    });
    const line = JSON.parse(lines[0]!);
    expect(line).toMatchObject({
      password: '[redacted]',
      session_token: '[redacted]',
      body: { email: 'pat@example.com', code: '[redacted]', new_password: '[redacted]' },
      query: { token: '[redacted]' },
      headers: { authorization: '[redacted]', cookie: '[redacted]', 'set-cookie': '[redacted]', accept: 'application/json' },
      // A text provider's error code, which the operator needs.
      code: 21211,
    });
  });
});
