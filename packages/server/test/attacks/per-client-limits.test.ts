import { afterAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../helpers/harness.js';
import { startListening, type ListeningServer } from '../helpers/listening.js';
import { testConfig } from '../helpers/test-config.js';

/**
 * Finding 1: every per-IP limit was one bucket for the whole world (the socket was dropped, so the
 * address was always 'unknown'). Each client address now has its own buckets, and behind a proxy
 * the address is the one the trusted proxy saw, never what the client wrote itself.
 */
const SEND = '/sdk/v1/magic_links/email/login_or_create';
const perIp = (limit: number) => ({ rateLimits: { ...testConfig().rateLimits, magicLinkPerIp: { limit, windowSeconds: 600 } } });
const servers: ListeningServer[] = [];
afterAll(() => Promise.all(servers.map((s) => s.close())));

async function listening(...args: Parameters<typeof startListening>): Promise<ListeningServer> {
  const server = await startListening(...args);
  servers.push(server);
  return server;
}

describe('per-client limits on the listening server', () => {
  it('gives 127.0.0.1, ::1 and 127.0.0.2 separate buckets', async () => {
    const s = await listening(perIp(3));
    for (let i = 0; i < 3; i++) expect((await s.send('POST', SEND, { email: uniqueEmail() }, { from: '127.0.0.1' })).status).toBe(200);
    const limited = await s.send('POST', SEND, { email: uniqueEmail() }, { from: '127.0.0.1' });
    expect(limited.status).toBe(429);
    expect(limited.body.error_type).toBe('too_many_requests');
    // Other clients are not blocked by one that used up its own limit.
    expect((await s.send('POST', SEND, { email: uniqueEmail() }, { from: '::1' })).status).toBe(200);
    expect((await s.send('POST', SEND, { email: uniqueEmail() }, { from: '127.0.0.2' })).status).toBe(200);
  });

  it('without trustProxy ignores X-Forwarded-For: a client cannot pick a fresh bucket per request', async () => {
    const s = await listening(perIp(2));
    for (let i = 0; i < 2; i++) {
      expect((await s.send('POST', SEND, { email: uniqueEmail() }, { from: '127.0.0.3', headers: { 'X-Forwarded-For': `198.51.100.${i}` } })).status).toBe(200);
    }
    const spoofed = await s.send('POST', SEND, { email: uniqueEmail() }, { from: '127.0.0.3', headers: { 'X-Forwarded-For': '198.51.100.99' } });
    expect(spoofed.status).toBe(429);
  });

  it('behind one trusted proxy hop takes the address the proxy saw, not the left-most entry', async () => {
    const s = await listening({ trustProxy: 1, ...perIp(2) });
    // The proxy (127.0.0.1) appends the address it saw; the client wrote the entries before it.
    const via = (clientWrote: string, proxySaw: string) => ({ from: '127.0.0.1', headers: { 'X-Forwarded-For': `${clientWrote}, ${proxySaw}` } });
    expect((await s.send('POST', SEND, { email: uniqueEmail() }, via('1.1.1.1', '203.0.113.7'))).status).toBe(200);
    expect((await s.send('POST', SEND, { email: uniqueEmail() }, via('2.2.2.2', '203.0.113.7'))).status).toBe(200);
    expect((await s.send('POST', SEND, { email: uniqueEmail() }, via('3.3.3.3', '203.0.113.7'))).status).toBe(429);
    expect((await s.send('POST', SEND, { email: uniqueEmail() }, via('1.1.1.1', '203.0.113.8'))).status).toBe(200);
  });

  it('with a list of trusted proxies takes the right-most address that is not one of them', async () => {
    const s = await listening({ trustProxy: ['loopback', '10.0.0.0/8'], ...perIp(1) });
    const chain = (entries: string) => ({ from: '127.0.0.1', headers: { 'X-Forwarded-For': entries } });
    expect((await s.send('POST', SEND, { email: uniqueEmail() }, chain('9.9.9.9, 203.0.113.20, 10.1.2.3'))).status).toBe(200);
    // Same client behind the same proxies, another claim on the left: the same bucket.
    expect((await s.send('POST', SEND, { email: uniqueEmail() }, chain('8.8.8.8, 203.0.113.20, 10.1.2.3'))).status).toBe(429);
    expect((await s.send('POST', SEND, { email: uniqueEmail() }, chain('203.0.113.21, 10.9.9.9'))).status).toBe(200);
  });

  describe('IPv6 clients count by prefix (issue 37): a /64 is one client', () => {
    const sixtyFrom = async (s: ListeningServer, address: (i: number) => string) => {
      const statuses: number[] = [];
      for (let i = 0; i < 60; i++)
        statuses.push((await s.send('POST', SEND, { email: uniqueEmail() }, { from: '127.0.0.1', headers: { 'X-Forwarded-For': address(i) } })).status);
      return statuses;
    };
    const hex = (i: number) => i.toString(16);

    it('60 sends from 60 addresses of one /64 meet the limit exactly as 60 from one address do', async () => {
      const s = await listening({ trustProxy: ['loopback'], ...perIp(50) });
      const rotating = await sixtyFrom(s, (i) => `2001:db8:aa:1:${hex(i)}:${hex(i * 7)}:${hex(i * 13)}:${hex(i + 1)}`);
      const single = await sixtyFrom(s, () => '2001:db8:bb:1::1');
      expect(rotating.filter((status) => status === 200)).toHaveLength(50);
      expect(rotating.slice(50).every((status) => status === 429)).toBe(true);
      expect(rotating).toEqual(single);
    });

    it('two /64s keep separate counts, and an IPv4 client is still counted per address', async () => {
      const s = await listening({ trustProxy: ['loopback'], ...perIp(2) });
      const from = (address: string) => s.send('POST', SEND, { email: uniqueEmail() }, { from: '127.0.0.1', headers: { 'X-Forwarded-For': address } });
      expect((await from('2001:db8:cc:1::1')).status).toBe(200);
      expect((await from('2001:db8:cc:1::2')).status).toBe(200);
      expect((await from('2001:db8:cc:1:ffff::3')).status).toBe(429);
      expect((await from('2001:db8:cc:2::1')).status).toBe(200);
      expect((await from('198.51.100.1')).status).toBe(200);
      expect((await from('198.51.100.1')).status).toBe(200);
      expect((await from('198.51.100.2')).status).toBe(200);
    });

    it('a port a proxy appends is not a new client, nor is text that is no address', async () => {
      const s = await listening({ trustProxy: ['loopback'], ...perIp(2) });
      const from = (address: string) => s.send('POST', SEND, { email: uniqueEmail() }, { from: '127.0.0.1', headers: { 'X-Forwarded-For': address } });
      expect((await from('198.51.100.8:40000')).status).toBe(200);
      expect((await from('198.51.100.8:40001')).status).toBe(200);
      expect((await from('198.51.100.8')).status).toBe(429);
      expect((await from('[2001:db8:5:6::1]:443')).status).toBe(200);
      expect((await from('[2001:db8:5:6::2]')).status).toBe(200);
      expect((await from('2001:db8:5:6::3')).status).toBe(429);
      expect((await from('not-an-address-1')).status).toBe(200);
      expect((await from('not-an-address-2')).status).toBe(200);
      expect((await from('not-an-address-3')).status).toBe(429);
    });

    it('clientIpv6Prefix moves the boundary: at /48 two /64s of one /48 are one client; at 128 every address is its own', async () => {
      const wide = await listening({ trustProxy: ['loopback'], clientIpv6Prefix: 48, ...perIp(1) });
      expect((await wide.send('POST', SEND, { email: uniqueEmail() }, { from: '127.0.0.1', headers: { 'X-Forwarded-For': '2001:db8:dd:1::1' } })).status).toBe(
        200,
      );
      expect((await wide.send('POST', SEND, { email: uniqueEmail() }, { from: '127.0.0.1', headers: { 'X-Forwarded-For': '2001:db8:dd:2::1' } })).status).toBe(
        429,
      );
      const exact = await listening({ trustProxy: ['loopback'], clientIpv6Prefix: 128, ...perIp(1) });
      expect((await exact.send('POST', SEND, { email: uniqueEmail() }, { from: '127.0.0.1', headers: { 'X-Forwarded-For': '2001:db8:ee:1::1' } })).status).toBe(
        200,
      );
      expect((await exact.send('POST', SEND, { email: uniqueEmail() }, { from: '127.0.0.1', headers: { 'X-Forwarded-For': '2001:db8:ee:1::2' } })).status).toBe(
        200,
      );
    });
  });
});
