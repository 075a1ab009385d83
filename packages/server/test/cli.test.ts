import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { helpText, idpClientEntry, packageVersion, parseCommandLine } from '../src/cli.js';
import { testConfig } from './helpers/test-config.js';
import { fieldsOf } from '../src/config/build.js';
import { coreSection } from '../src/config/core-section.js';
import { configSections } from '../src/features/index.js';

describe('vestibule-server command line', () => {
  it('starts by default, with an optional config file', () => {
    expect(parseCommandLine([])).toEqual({ command: 'start', configFile: undefined });
    expect(parseCommandLine(['start', '--config', 'prod.json'])).toEqual({ command: 'start', configFile: 'prod.json' });
    expect(parseCommandLine(['-c', 'prod.json'])).toEqual({ command: 'start', configFile: 'prod.json' });
  });

  it('answers help and version', () => {
    for (const args of [['--help'], ['-h'], ['help'], ['start', '--help']]) expect(parseCommandLine(args)).toEqual({ command: 'help' });
    for (const args of [['--version'], ['-v']]) expect(parseCommandLine(args)).toEqual({ command: 'version' });
    expect(packageVersion()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('calls an unknown flag, command or extra argument a usage error', () => {
    expect(parseCommandLine(['--port', '80'])).toMatchObject({ command: 'usage-error', message: expect.stringContaining("'--port'") });
    expect(parseCommandLine(['serve'])).toEqual({ command: 'usage-error', message: "Unknown command 'serve'." });
    expect(parseCommandLine(['start', 'now'])).toEqual({ command: 'usage-error', message: "Unexpected argument 'now'." });
    expect(parseCommandLine(['--config'])).toMatchObject({ command: 'usage-error' });
  });

  it('idp-client prints a client entry the settings accept; a confidential one with a new secret kept only as its SHA-256', () => {
    const cli = parseCommandLine([
      'idp-client',
      '--client-id',
      'acme',
      '--name',
      'Acme',
      '--type',
      'confidential',
      '--redirect-uri',
      'https://acme.example/cb',
      '--post-logout-uri',
      'https://acme.example/',
      '--scope',
      'openid email',
      '--scope',
      'offline_access',
    ]);
    expect(cli).toEqual({
      command: 'idp-client',
      client: {
        client_id: 'acme',
        client_name: 'Acme',
        client_type: 'confidential',
        redirect_uris: ['https://acme.example/cb'],
        post_logout_redirect_uris: ['https://acme.example/'],
        allowed_scopes: ['openid', 'email', 'offline_access'],
      },
    });
    if (cli.command !== 'idp-client') throw new Error('not idp-client');
    const { entry, secret } = idpClientEntry(cli.client);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(entry.client_secret_sha256).toBe(`sha256:${createHash('sha256').update(secret!).digest('hex')}`);
    const loaded = testConfig({}, { VESTIBULE_IDP_CLIENTS: JSON.stringify([entry]) }).idp.clients[0]!;
    expect(loaded).toMatchObject({ client_id: 'acme', client_type: 'confidential', secretHash: createHash('sha256').update(secret!).digest('hex') });
    expect(idpClientEntry({ ...cli.client, client_type: 'public' }).secret).toBeNull();
    expect(parseCommandLine(['idp-client', '--redirect-uri', 'https://a.example/cb'])).toMatchObject({
      command: 'usage-error',
      message: expect.stringContaining('--client-id'),
    });
    expect(parseCommandLine(['idp-client', '--client-id', 'x', '--redirect-uri', 'javascript:alert(1)'])).toMatchObject({ command: 'usage-error' });
    expect(parseCommandLine(['start', '--client-id', 'x'])).toMatchObject({ command: 'usage-error', message: expect.stringContaining('idp-client') });
  });

  it('lists every setting the configuration declares, with its variable', () => {
    const help = helpText();
    const sections = [coreSection, ...configSections];
    for (const part of ['project', 'server'] as const) {
      for (const [path, declaration] of fieldsOf(sections, part)) {
        if (!declaration.envOnly) expect(help).toContain(`${part}.${path}`);
        if (declaration.env) expect(help).toContain(declaration.env.name);
      }
    }
    expect(help).toContain('VESTIBULE_CONFIG');
  });
});
