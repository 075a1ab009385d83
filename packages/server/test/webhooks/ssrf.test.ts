import dns, { type LookupAddress } from 'node:dns';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { WebhookDelivery } from '@vestibule/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loopback } from '../helpers/account.js';
import { uniqueEmail } from '../helpers/harness.js';
import { type ListeningServer, startListening } from '../helpers/listening.js';
import { manage } from '../helpers/management.js';
import { sharedListening } from '../helpers/shared-stack.js';
import { PRODUCTION } from '../helpers/test-config.js';

/**
 * Server-side request forgery through webhook URLs: whoever registers an endpoint chooses where the
 * server connects. In production an endpoint must be https on a public address, checked when it is
 * registered or changed (400 webhook_url_not_allowed, saying which rule) and again by every
 * delivery's connection, on the address it checked, so a DNS answer that changes after
 * registration (rebinding) reaches nothing inside. Development allows http and loopback, for a
 * receiver on the developer's machine, and nothing else that is not public.
 *
 * Host names resolve through the system resolver, which the tests answer for the names they make
 * up (vi.spyOn on node:dns lookup, which the server calls at each check); other names resolve as
 * usual.
 */
const PUBLIC_ADDRESS = '93.184.215.14';

type Answers = Record<string, string[] | (() => string[])>;

/** The system resolver answers `answers` for the names given there, and as usual for every other name. */
function resolving(answers: Answers): void {
  const real = dns.lookup;
  vi.spyOn(dns, 'lookup').mockImplementation(((hostname: string, options: unknown, callback: unknown) => {
    const answer = answers[hostname];
    if (!answer) return (real as (...args: unknown[]) => void)(hostname, options, callback);
    const addresses: LookupAddress[] = (typeof answer === 'function' ? answer() : answer).map((address) => ({
      address,
      family: address.includes(':') ? 6 : 4,
    }));
    process.nextTick(() => (callback as (error: null, addresses: LookupAddress[]) => void)(null, addresses));
  }) as typeof dns.lookup);
}

afterEach(() => {
  vi.restoreAllMocks();
});

/** Endpoints registered, by server: the worker's shared one outlives this file, and they are deleted from it at its end. */
const created = new Map<ListeningServer, string[]>();

async function register(server: ListeningServer, url: string) {
  const answer = await manage(server, 'POST', '/v1/webhooks', { url, event_types: ['user.created'] });
  if (answer.status === 200) created.set(server, [...(created.get(server) ?? []), answer.body.webhook_id]);
  return answer;
}

function expectRefused(answer: { status: number; body: any }, words: string): void {
  expect({ status: answer.status, error_type: answer.body.error_type }, JSON.stringify(answer.body)).toEqual({
    status: 400,
    error_type: 'webhook_url_not_allowed',
  });
  expect(answer.body.error_message).toContain(words);
}

describe('in production', () => {
  let prod: ListeningServer;
  beforeAll(async () => {
    prod = await startListening(PRODUCTION);
  });
  afterAll(() => prod?.close());

  it('an endpoint must be https', async () => {
    resolving({ 'hooks.example': [PUBLIC_ADDRESS] });
    expectRefused(await register(prod, 'http://hooks.example/receive'), 'In production a webhook URL must be https.');
    expect((await register(prod, 'https://hooks.example/receive')).status).toBe(200);
  });

  it.each([
    ['https://127.0.0.1/hooks', 'is a loopback address'],
    ['https://127.8.9.10:8443/hooks', 'is a loopback address'],
    ['https://[::1]/hooks', 'is a loopback address'],
    ['https://2130706433/hooks', 'is a loopback address'],
    ['https://[::ffff:127.0.0.1]/hooks', 'is a loopback address'],
    ['https://[::127.0.0.1]/hooks', 'is an IPv4-compatible address (::/96)'],
    ['https://[::a01:203]/hooks', 'is an IPv4-compatible address (::/96)'],
    ['https://[::1:7f00:1]/hooks', 'is an IPv6 address outside 2000::/3 (the global unicast space)'],
    ['https://[4000::1]/hooks', 'is an IPv6 address outside 2000::/3 (the global unicast space)'],
    ['https://0.0.0.0/hooks', 'is an unspecified address'],
    ['https://10.1.2.3/hooks', 'is a private address'],
    ['https://172.16.5.4/hooks', 'is a private address'],
    ['https://192.168.1.10/hooks', 'is a private address'],
    ['https://169.254.169.254/latest/meta-data/', 'is a link-local address'],
    ['https://[fe80::1]/hooks', 'is a link-local address'],
    ['https://[fd12:3456::1]/hooks', 'is a unique-local address'],
    ['https://100.64.0.1/hooks', 'is a carrier-grade NAT address'],
    ['https://[64:ff9b::a01:203]/hooks', 'is not a public address (rfc6052)'],
  ])('%s is refused: its host %s', async (url, words) => {
    expectRefused(await register(prod, url), `The webhook URL's host ${words}: in production an endpoint must be on a public address.`);
  });

  it('a public IPv6 address is allowed', async () => {
    expect((await register(prod, 'https://[2606:2800:21f:cb07:6820:80da:af6b:8b2c]/hooks')).status).toBe(200);
  });

  it('a host name that resolves to a loopback or private address is refused, and so is one of whose addresses any is; the refusal does not say the address', async () => {
    expectRefused(
      await register(prod, 'https://localhost/hooks'),
      "The webhook URL's host resolves to a loopback address: in production an endpoint must be on a public address.",
    );
    resolving({ 'intranet.example': ['10.20.30.40'], 'mixed.example': [PUBLIC_ADDRESS, '192.168.0.7'], 'compatible.example': ['::7f00:1'] });
    for (const [url, address, words] of [
      ['https://intranet.example/hooks', '10.20.30.40', 'resolves to a private address'],
      ['https://mixed.example/hooks', '192.168.0.7', 'resolves to a private address'],
      ['https://compatible.example/hooks', '7f00', 'resolves to an IPv4-compatible address (::/96)'],
    ] as const) {
      const answer = await register(prod, url);
      expectRefused(answer, words);
      expect(answer.body.error_message).not.toContain(address);
    }
  });

  it('a name that does not resolve is refused: its addresses cannot be checked', async () => {
    expectRefused(await register(prod, 'https://no-such-host.invalid/hooks'), 'does not resolve');
  });

  it('changing an endpoint to such a URL is refused too, and the endpoint keeps its URL', async () => {
    resolving({ 'hooks.example': [PUBLIC_ADDRESS], 'intranet.example': ['10.20.30.40'] });
    const made = await register(prod, 'https://hooks.example/receive');
    expectRefused(
      await manage(prod, 'PATCH', `/v1/webhooks/${made.body.webhook_id}`, { url: 'https://intranet.example/hooks' }),
      'resolves to a private address',
    );
    expectRefused(await manage(prod, 'PATCH', `/v1/webhooks/${made.body.webhook_id}`, { url: 'http://hooks.example/receive' }), 'must be https');
    expect((await manage(prod, 'GET', `/v1/webhooks/${made.body.webhook_id}`)).body.webhook.url).toBe('https://hooks.example/receive');
  });

  describe('a host whose address changes after registration (DNS rebinding)', () => {
    let inside: Server;
    let connections = 0;
    beforeAll(async () => {
      inside = createServer((socket) => {
        connections++;
        socket.destroy();
      });
      await new Promise<void>((done) => inside.listen(0, '127.0.0.1', done));
    });
    afterAll(() => new Promise<void>((done) => inside.close(() => done())));

    it('is not connected to: the delivery checks the address it connects to, and records why it did not', async () => {
      const { port } = inside.address() as AddressInfo;
      // Public when the endpoint is registered, this machine's loopback ever after.
      let asked = 0;
      resolving({ 'rebind.example': () => (asked++ === 0 ? [PUBLIC_ADDRESS] : ['127.0.0.1']) });
      const made = await register(prod, `https://rebind.example:${port}/hooks`);
      expect(made.status).toBe(200);

      const signedUp = await prod.send('POST', '/sdk/v1/passwords', { email: uniqueEmail('rebound'), password: 'rebinding-Quokka-58' }, { from: loopback() });
      expect(signedUp.status).toBe(200);
      let delivery: WebhookDelivery | undefined;
      for (let tries = 0; tries < 100 && !delivery?.last_error; tries++) {
        await new Promise((done) => setTimeout(done, 50));
        [delivery] = (await manage<{ deliveries: WebhookDelivery[] }>(prod, 'GET', `/v1/webhooks/${made.body.webhook_id}/deliveries`)).body.deliveries;
      }
      expect(delivery).toMatchObject({
        status: 'pending',
        attempts: 1,
        last_status_code: null,
        last_error: "The webhook URL's host resolves to a loopback address: in production an endpoint must be on a public address.",
      });
      expect(asked).toBeGreaterThanOrEqual(2);
      expect(connections).toBe(0);
    });
  });
});

describe('in development', () => {
  let dev: ListeningServer;
  beforeAll(async () => {
    dev = await sharedListening();
  });
  afterAll(async () => {
    for (const id of created.get(dev) ?? []) await manage(dev, 'DELETE', `/v1/webhooks/${id}`);
  });

  it('http and loopback are allowed, for a receiver on this machine', async () => {
    expect((await register(dev, 'http://127.0.0.1:9/hooks')).status).toBe(200);
    expect((await register(dev, 'http://localhost:9/hooks')).status).toBe(200);
    expect((await register(dev, 'http://[::1]:9/hooks')).status).toBe(200);
  });

  it('private, link-local, unique-local and IPv4-compatible addresses are not', async () => {
    expectRefused(
      await register(dev, 'http://10.1.2.3/hooks'),
      "The webhook URL's host is a private address: an endpoint must be on a public or (in development) a loopback address.",
    );
    expectRefused(await register(dev, 'http://169.254.169.254/latest/meta-data/'), 'a link-local address');
    expectRefused(await register(dev, 'http://[fd00::1]/hooks'), 'a unique-local address');
    expectRefused(await register(dev, 'http://[::127.0.0.1]:9/hooks'), 'an IPv4-compatible address (::/96)');
  });

  it('a URL that is not http or https is a bad request', async () => {
    for (const url of ['ftp://127.0.0.1/hooks', 'file:///etc/passwd', 'javascript:alert(1)', 'not a url', '//127.0.0.1/hooks']) {
      const answer = await register(dev, url);
      expect({ url, status: answer.status, error_type: answer.body.error_type }).toEqual({ url, status: 400, error_type: 'bad_request' });
    }
  });
});
