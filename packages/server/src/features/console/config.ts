import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';
import { field, type ConfigSection } from '../../config/declare.js';

/**
 * Where the built console is by default: the dist/ of the @vestibule/console package, found the way
 * Node finds a package from the server's own folder (in this repository, the workspace's). Null
 * when it is not installed; the console then answers that it is not built.
 */
function installedConsole(): string | null {
  try {
    return join(dirname(createRequire(import.meta.url).resolve('@vestibule/console/package.json')), 'dist');
  } catch {
    return null;
  }
}

export const consoleConfig: ConfigSection = {
  name: 'console',
  server: {
    consoleDir: field(
      z.string().min(1).optional(),
      "The built operators' console that `/console` serves (a folder holding its index.html and assets/; relative to cwd).",
      { env: { name: 'VESTIBULE_CONSOLE_DIR', read: 'string' }, defaultText: "the `@vestibule/console` package's `dist/`, when installed" },
    ),
  },
  finish(config, { cwd }) {
    const given = config.consoleDir as string | undefined;
    config.consoleDir = given === undefined ? installedConsole() : isAbsolute(given) ? given : resolve(cwd, given);
  },
};

declare module '../../config/server-config.js' {
  interface ServerConfig {
    /** The built console's folder (index.html and assets/), or null when none is installed. */
    consoleDir: string | null;
  }
}
