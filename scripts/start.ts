/**
 * Starts the whole stack on one machine: the auth server (embedded database by default), the
 * demo host, and, in development, the outbox. Ctrl-C stops all of it.
 *
 * Ports: VESTIBULE_API_PORT (default 8787) and VESTIBULE_DEMO_PORT (default 3000). When the demo
 * port is not the default, the demo's origin, reset page and account page are added to the server's allowlists.
 * The sample relying party listens on VESTIBULE_DEMO_RP_PORT: 3001 beside the default demo port,
 * any free port beside another (so two stacks on one machine never collide).
 */
import { loadConfig, startServer } from '@vestibule/server';
import { startDemo } from '../apps/demo/server/demo-server.js';
import { startRelyingParty } from '../apps/demo/server/relying-party.js';

const demoPort = Number(process.env.VESTIBULE_DEMO_PORT ?? 3000);
const env = { ...process.env };
const demoOrigins = [`http://localhost:${demoPort}`, `http://127.0.0.1:${demoPort}`];
const addToList = (name: string, values: string[]) => {
  const current = env[name]?.split(',').filter(Boolean) ?? [];
  if (current.length > 0 || demoPort !== 3000) env[name] = [...new Set([...current, ...values])].join(',');
};
if (demoPort !== 3000) {
  addToList('VESTIBULE_ALLOWED_ORIGINS', demoOrigins);
  // The account page is where connecting a social account comes back to.
  addToList(
    'VESTIBULE_LOGIN_REDIRECT_URLS',
    demoOrigins.flatMap((origin) => [`${origin}/reset`, `${origin}/account`]),
  );
  addToList(
    'VESTIBULE_SIGNUP_REDIRECT_URLS',
    demoOrigins.map((origin) => `${origin}/reset`),
  );
  addToList(
    'VESTIBULE_RESET_REDIRECT_URLS',
    demoOrigins.map((origin) => `${origin}/reset`),
  );
}

// The sample app first: the server registers it (the development client demo-rp) at the port it got.
const rpPort = Number(process.env.VESTIBULE_DEMO_RP_PORT ?? (demoPort === 3000 ? 3001 : 0));
let issuer = '';
const rp = await startRelyingParty({ port: rpPort, issuer: () => issuer });
env.VESTIBULE_DEMO_RP_PORT = new URL(rp.url).port;

const config = loadConfig({ env });
issuer = config.publicUrl;
const api = await startServer(config);
const demo = await startDemo({
  port: demoPort,
  apiBaseUrl: api.url,
  publicToken: config.project.publicToken,
  oneTapScriptUrl: config.oauth.googleOneTapScriptUrl,
});

console.log(`
Vestibule is running.
  API:     ${api.url}   (OpenAPI: ${api.url}/openapi.json)
  Demo:    ${demo.url}
  Outbox:  ${demo.url}/outbox   (JSON: ${api.url}/dev/outbox)
  Console: ${api.url}/console   (operators: VESTIBULE_ADMIN_EMAILS)
  Sample app (signs in with Vestibule over OpenID Connect): ${rp.url}
Press Ctrl-C to stop.`);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping the demo and the API...`);
  await rp.close();
  await demo.close();
  // The API drains: the requests in flight are answered (within shutdownGraceSeconds); exit status 1
  // if some were cut, or its database did not close in time.
  const { cut, closed } = await api.close();
  process.exit(cut > 0 || !closed ? 1 : 0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
