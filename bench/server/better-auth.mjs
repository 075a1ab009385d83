// Better Auth, installed from the npm registry into this folder, on its own database of the same
// PostgreSQL: email and password, magic links and email passcodes; no rate limit and no cookie
// cache, so every session check reads the database as Vestibule's first check does.
import { createServer } from 'node:http';
import { betterAuth } from 'better-auth';
import { getMigrations } from 'better-auth/db/migration';
import { toNodeHandler } from 'better-auth/node';
import { emailOTP } from 'better-auth/plugins/email-otp';
import { magicLink } from 'better-auth/plugins/magic-link';
import pg from 'pg';
import { answerParent } from './instance-ipc.mjs';

const mailbox = new Map();
const port = Number(process.env.PORT);
const auth = betterAuth({
  baseURL: `http://127.0.0.1:${port}`,
  secret: 'bench-only-secret-0123456789abcdef0123456789',
  database: new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 }),
  emailAndPassword: { enabled: true },
  rateLimit: { enabled: false },
  session: { cookieCache: { enabled: false } },
  telemetry: { enabled: false },
  plugins: [
    magicLink({ sendMagicLink: async ({ email, url }) => void mailbox.set(email.toLowerCase(), url) }),
    emailOTP({ sendVerificationOTP: async ({ email, otp }) => void mailbox.set(email.toLowerCase(), otp) }),
  ],
});
const { runMigrations } = await getMigrations(auth.options);
await runMigrations();
createServer(toNodeHandler(auth)).listen(port, '127.0.0.1', () => process.send({ ready: true }));
answerParent(mailbox);
