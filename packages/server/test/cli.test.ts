import { describe, expect, it } from 'vitest';
import { helpText, packageVersion, parseCommandLine } from '../src/cli.js';
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
