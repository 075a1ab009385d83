import { z } from 'zod';

const FORMAT = 'vestibule-embedded-backup';
export const FORMAT_VERSION = 1;

/** The manifest's name in the backup. */
export const MANIFEST = 'vestibule-backup.json';

/** A migration's name as storage/migrate.ts and the features name them: '0017-ways-in-ended'. */
export const MIGRATION_NAME = /^\d{4}-[a-z0-9]+(-[a-z0-9]+)*$/;

/** A release's version as package.json has it: '0.1.0', '1.2.0-rc.1'. */
const VERSION = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/;

const wrong = (field: string, isNot: string) => `the ${field} in ${MANIFEST} ${isNot}`;

/**
 * What `vestibule-backup.json` says, each field held to what backup writes: restore prints the
 * version and the time, and a manifest is a file anyone can write (terminal escapes in its version
 * were printed to the operator's terminal as they were). Each field's error is what restore says.
 */
const manifestSchema = z.object(
  {
    format: z.literal(FORMAT, `${MANIFEST} names no ${FORMAT}`),
    format_version: z.literal(FORMAT_VERSION, wrong('format_version', 'is not a format number')),
    /** The version of vestibule-server that wrote it. */
    server_version: z.string(wrong('server_version', 'is not a version number')).regex(VERSION, wrong('server_version', 'is not a version number')),
    created_at: z.iso.datetime(wrong('created_at', 'is not a date and time')),
    /** The migrations its database had run, by name: restore checks them against the database's own record. */
    migrations: z.array(z.string().regex(MIGRATION_NAME, wrong('migrations', 'are not migration names')), wrong('migrations', 'are not migration names')),
    /** Whether the generated secret is in it; when not, a restore needs the server's VESTIBULE_SECRET (if a server has started on it). */
    secret: z.enum(['included', 'not included'], wrong('secret', "is neither 'included' nor 'not included'")),
  },
  `${MANIFEST} is not a JSON object`,
);

export type BackupManifest = z.infer<typeof manifestSchema>;

export function newManifest(serverVersion: string, migrations: string[], secretIncluded: boolean, now = new Date()): BackupManifest {
  return {
    format: FORMAT,
    format_version: FORMAT_VERSION,
    server_version: serverVersion,
    created_at: now.toISOString(),
    migrations,
    secret: secretIncluded ? 'included' : 'not included',
  };
}

/** A manifest this version cannot restore from: the message says what is wrong; `laterFormat` is set for a later format's. */
export class ManifestError extends Error {
  constructor(
    message: string,
    readonly laterFormat?: number,
  ) {
    super(message);
  }
}

/** The manifest in `bytes`, checked field by field; throws ManifestError. */
export function readManifest(bytes: Uint8Array): BackupManifest {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(bytes).toString('utf8'));
  } catch {
    throw new ManifestError(`${MANIFEST} is not JSON`);
  }
  const { format, format_version: version } = (json ?? {}) as { format?: unknown; format_version?: unknown };
  if (format === FORMAT && Number.isSafeInteger(version) && version !== FORMAT_VERSION) {
    throw new ManifestError(`${MANIFEST} says format ${version}`, version as number);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) throw new ManifestError(parsed.error.issues[0]?.message ?? `${MANIFEST} is not a manifest`);
  return parsed.data;
}
