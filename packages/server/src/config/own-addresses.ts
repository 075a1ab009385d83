import { fieldsOf } from './build.js';
import type { ConfigSection } from './declare.js';
import type { ServerConfig } from './server-config.js';

/** The value at a declared path ('webauthn.origins') inside the part of the config it belongs to. */
function valueAt(root: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((value, key) => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), root);
}

/** The host name of a URL or origin, or the name itself when it is a bare host name (a WebAuthn rp id). */
function hostOf(address: string): string | null {
  try {
    return new URL(address.includes('://') ? address : `http://${address}`).hostname;
  } catch {
    return null;
  }
}

/**
 * The host names of every address the declarations mark as this deployment's own (ownAddress:
 * the public URL, allowed origins, emailed links' landing pages, the passkey relying party, the
 * identity provider's page, ...), each with the field it came from. Read from the declarations, so
 * a feature's new address setting counts by being marked.
 */
export function ownAddresses(config: ServerConfig, sections: ConfigSection[]): Array<{ field: string; address: string; host: string | null }> {
  const parts = [
    { part: 'server' as const, root: config as unknown },
    { part: 'project' as const, root: config.project as unknown },
  ];
  return parts.flatMap(({ part, root }) =>
    fieldsOf(sections, part)
      .filter(([, declaration]) => declaration.ownAddress)
      .flatMap(([path]) => {
        const value = valueAt(root, path);
        const addresses = (Array.isArray(value) ? value : [value]).filter((item): item is string => typeof item === 'string');
        return addresses.map((address) => ({ field: `${part}.${path}`, address, host: hostOf(address) }));
      }),
  );
}
