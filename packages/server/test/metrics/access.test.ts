import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '../../src/kernel/logger.js';
import { startListening, type ListeningServer } from '../helpers/listening.js';
import { PRODUCTION } from '../helpers/test-config.js';
import { scrape, total } from './scrape.js';

/**
 * Who reads /metrics: with VESTIBULE_METRICS_TOKEN set, whoever sends it, from anywhere; without
 * one, this machine in development and no one in production, where the start says so. The counts
 * tell the world a deployment's sign-in traffic, so a wrong token is a 401, never the metrics.
 */
const TOKEN = 'metrics-token-0123456789abcdef0123456789abcdef';

/** A logger that keeps what it is told. */
function recording(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const keep = (message: string) => void lines.push(message);
  return { logger: { info: keep, warn: keep, error: keep }, lines };
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

function errorOf(text: string): { error_type: string; error_message: string } {
  return JSON.parse(text) as { error_type: string; error_message: string };
}

describe('/metrics in production with a token', () => {
  let server: ListeningServer;
  beforeAll(async () => {
    server = await startListening({ ...PRODUCTION, metricsToken: TOKEN });
  });
  afterAll(() => server.close());

  it('answers the token, from this machine too, and refuses anything else with 401 invalid_metrics_token', async () => {
    for (const headers of [{}, bearer(`${TOKEN}x`), bearer(TOKEN.slice(0, -1)), { Authorization: `Basic ${TOKEN}` }]) {
      const refused = await scrape(server.port, headers);
      expect(refused.status, JSON.stringify(headers)).toBe(401);
      expect(errorOf(refused.text).error_type).toBe('invalid_metrics_token');
      expect(refused.text).not.toContain('vestibule_');
    }
    const read = await scrape(server.port, bearer(TOKEN));
    expect(read.status).toBe(200);
    expect(read.text).toContain('# TYPE vestibule_sign_ins_total counter');
    // The process's metrics, in this server's registry as in every other server's of the process.
    expect(total(read.samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('counts its own refusals as requests to /metrics, by status', async () => {
    const count = async () =>
      total((await scrape(server.port, bearer(TOKEN))).samples, 'vestibule_http_request_duration_seconds_count', { route: '/metrics', status: '401' });
    const before = await count();
    await scrape(server.port, bearer('wrong-token'));
    expect((await count()) - before).toBe(1);
  });
});

describe('/metrics in production without a token', () => {
  let server: ListeningServer;
  const { logger, lines } = recording();
  beforeAll(async () => {
    server = await startListening(PRODUCTION, {}, logger);
  });
  afterAll(() => server.close());

  it('is not served, and the start says so', async () => {
    const answer = await scrape(server.port);
    expect(answer.status).toBe(404);
    expect(errorOf(answer.text).error_type).toBe('not_found');
    expect(lines).toContain('Metrics are not served: /metrics needs VESTIBULE_METRICS_TOKEN in production (Prometheus sends it as Authorization: Bearer).');
  });
});

describe('/metrics in development', () => {
  let open: ListeningServer;
  let withToken: ListeningServer;
  beforeAll(async () => {
    open = await startListening();
    withToken = await startListening({ metricsToken: TOKEN });
  });
  afterAll(async () => {
    await open.close();
    await withToken.close();
  });

  it('without a token, answers this machine only: not a request through a proxy', async () => {
    expect((await scrape(open.port)).status).toBe(200);
    for (const headers of [{ 'X-Forwarded-For': '203.0.113.7' }, { Host: 'metrics.example.com' }] as Array<Record<string, string>>) {
      const refused = await scrape(open.port, headers);
      expect(refused.status, JSON.stringify(headers)).toBe(403);
      const error = errorOf(refused.text);
      expect(error.error_type).toBe('forbidden');
      expect(error.error_message).toMatch(/^Metrics are served only to this machine, .*set VESTIBULE_METRICS_TOKEN/);
    }
  });

  it('with a token, wants it from this machine too', async () => {
    expect((await scrape(withToken.port)).status).toBe(401);
    expect((await scrape(withToken.port, bearer(TOKEN))).status).toBe(200);
  });
});
