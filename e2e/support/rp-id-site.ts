import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The relying-party id's own site, as a browser reaches it for a related origin request: before a
 * ceremony for the rp id on another site's page, Chromium fetches https://{rpId}/.well-known/webauthn
 * (https, the default port). This site forwards that one path to the API, as the README tells a
 * deployment whose rp id's site is not the API server to do, and can stop forwarding it (404, a site
 * that never did). The browser reaches it through chromiumArgs: a host-resolver rule sends
 * {rpId}:443 to this server's port (the system picks it: no fixed port, no root), and the
 * self-signed certificate openssl makes here is let through.
 */
export interface RpIdSite {
  /** Chromium's command-line arguments that send https://{rpId}/ here. */
  chromiumArgs: string[];
  /** How many times the browser asked for /.well-known/webauthn, answered or not. */
  fetches(): number;
  /** false: answer 404 instead of forwarding. */
  forwarding(on: boolean): void;
  close(): Promise<void>;
}

const WELL_KNOWN = '/.well-known/webauthn';

export async function startRpIdSite(rpId: string, apiUrl: string): Promise<RpIdSite> {
  const dir = mkdtempSync(join(process.env.VESTIBULE_E2E_TMP ?? tmpdir(), 'rp-id-site-'));
  const [keyFile, certFile] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      `/CN=${rpId}`,
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'pipe' },
  );
  let forwarding = true;
  let fetches = 0;
  const server = createServer({ key: readFileSync(keyFile), cert: readFileSync(certFile) }, async (request, response) => {
    if (request.method !== 'GET' || request.url !== WELL_KNOWN) return void response.writeHead(404).end();
    fetches += 1;
    if (!forwarding) return void response.writeHead(404, { 'Cache-Control': 'no-store' }).end();
    try {
      const answer = await fetch(`${apiUrl}${WELL_KNOWN}`);
      response.writeHead(answer.status, { 'Content-Type': answer.headers.get('content-type') ?? 'text/plain' }).end(await answer.text());
    } catch (error) {
      response.writeHead(502).end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    chromiumArgs: [`--host-resolver-rules=MAP ${rpId}:443 127.0.0.1:${port}`, '--ignore-certificate-errors'],
    fetches: () => fetches,
    forwarding: (on) => {
      forwarding = on;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
