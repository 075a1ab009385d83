/**
 * Password logins per second through app.fetch at the configured argon2id parameters, on a fresh
 * embedded database: sequential, then 2 and 4 concurrent callers, about 5 s each.
 * Run: node --conditions=source --import tsx bench/password-logins.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, loadConfig } from '../packages/server/src/index.js';

const SECONDS = 5;
const EMAIL = 'bench@example.com';
const PASSWORD = 'glacier-violin-mango-tundra';

const dataDir = mkdtempSync(join(tmpdir(), 'vestibule-bench-'));
const repoConfig = resolve(fileURLToPath(new URL('../vestibule.config.json', import.meta.url)));
const base = loadConfig({ file: repoConfig, env: { VESTIBULE_DATA_DIR: dataDir } });
const plenty = { limit: 10_000_000, windowSeconds: 600 };
const config = {
  ...base,
  outboxEnabled: false,
  rateLimits: {
    ...base.rateLimits,
    passwordPerIp: plenty,
    passwordPerAccount: plenty,
    passwordLockout: { maxFailures: 10_000_000, windowSeconds: 3600, lockSeconds: 1 },
  },
};
const server = await createServer(config, { logger: { info() {}, warn() {}, error: (m, d) => console.error(m, d) } });

const call = (path: string, body: unknown) =>
  server.app.fetch(
    new Request(`${config.publicUrl}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Public-Token': config.project.publicToken },
      body: JSON.stringify(body),
    }),
  );

const created = await call('/sdk/v1/passwords', { email: EMAIL, password: PASSWORD });
if (created.status !== 200) throw new Error(`create failed: ${created.status} ${await created.text()}`);

async function run(concurrency: number): Promise<{ calls: number; seconds: number }> {
  const end = performance.now() + SECONDS * 1000;
  const start = performance.now();
  let calls = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const response = await call('/sdk/v1/passwords/authenticate', { email: EMAIL, password: PASSWORD });
        if (response.status !== 200) throw new Error(`authenticate failed: ${response.status} ${await response.text()}`);
        await response.arrayBuffer();
        calls++;
      }
    }),
  );
  return { calls, seconds: (performance.now() - start) / 1000 };
}

await run(1); // warm-up (JIT, zxcvbn dictionaries, first queries); not reported
const rows: string[][] = [];
for (const concurrency of [1, 2, 4]) {
  const { calls, seconds } = await run(concurrency);
  rows.push([
    concurrency === 1 ? 'sequential' : `${concurrency} concurrent`,
    String(calls),
    seconds.toFixed(2),
    (calls / seconds).toFixed(1),
    ((seconds * 1000 * concurrency) / calls).toFixed(1),
  ]);
}
await server.close();
rmSync(dataDir, { recursive: true, force: true });

const { memoryCost, timeCost, parallelism } = config.argon2;
console.log(`Password logins through app.fetch (argon2id m=${memoryCost} KiB, t=${timeCost}, p=${parallelism}; embedded database)\n`);
const header = ['mode', 'calls', 'seconds', 'logins/s', 'ms per login'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const row of rows) console.log(line(row));
