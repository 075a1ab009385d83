import { buffer } from 'node:stream/consumers';
import { extract, type Header, pack } from 'tar-stream';

/** One entry of a tar, its name as written (PGlite's dump names them '/base/5/1259'; nothing is resolved or cleaned). */
export interface TarEntry {
  name: string;
  type: Header['type'];
  data: Buffer;
}

/** A tar of files, each mode 0600 and owned by root, as a backup's entries are. */
export async function tarOf(files: { name: string; data: Uint8Array | string }[]): Promise<Buffer> {
  const tar = pack();
  for (const file of files) tar.entry({ name: file.name, mode: 0o600, uid: 0, gid: 0 }, file.data);
  tar.finalize();
  return buffer(tar);
}

/** Every entry of a tar held in memory; throws for one that is not a tar or is cut short. */
export async function entriesOf(tar: Uint8Array): Promise<TarEntry[]> {
  const reader = extract();
  reader.end(tar);
  const entries: TarEntry[] = [];
  for await (const entry of reader) entries.push({ name: entry.header.name, type: entry.header.type, data: await buffer(entry) });
  return entries;
}

/** An entry's name as an error message shows it: quoted, cut short, its control characters escaped or replaced (it may come from anyone's file). */
export const quoted = (name: string) => JSON.stringify(name.length > 80 ? `${name.slice(0, 80)}…` : name).replace(/\p{Cc}/gu, '?');
