// Vestibule as `vestibule-server` runs it (the built package, startServer, its own logger), with
// the per-client limits lifted (all load comes from one address) and email going to a mailbox in memory.
import { loadConfig, startServer } from '@vestibule/server';
import { answerParent } from './instance-ipc.mjs';

const mailbox = new Map();
const base = loadConfig({ file: process.env.CONFIG_FILE, env: { ...process.env } });
const plenty = { limit: 1_000_000_000, windowSeconds: 600 };
const lifted = Object.fromEntries(
  Object.entries(base.rateLimits).map(([name, rule]) => [name, 'limit' in rule ? plenty : { ...rule, maxFailures: 1_000_000_000 }]),
);
const config = { ...base, port: Number(process.env.PORT), outboxEnabled: false, rateLimits: lifted };
await startServer(config, {
  emailSenders: [{ send: async (message) => void mailbox.set(message.to.toLowerCase(), message.text) }],
});
answerParent(mailbox);
process.send({ ready: true });
