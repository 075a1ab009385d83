/**
 * The login flood (issue 39): credential stuffing, wrong passwords for unknown addresses from many
 * connections (the benchmark's server has its per-client limits lifted, as a botnet or one IPv6 /64
 * rotating addresses would meet none), each costing an argon2id verification; meanwhile two
 * connections check one live session, as the signed-in pages of everyone else do. The session
 * checks are measured alone, then during the flood; the flood's own answers are counted by status.
 */

export interface AutocannonResult {
  requests: { total: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  mismatches: number;
  duration: number;
  statusCodeStats?: Record<string, { count: number }>;
}

type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;

export interface CheckLoad {
  rate: number;
  p50: number;
  p99: number;
  errors: number;
}

export interface FloodMeasured {
  alone: CheckLoad;
  during: CheckLoad;
  /** The flood's answers per second, and how many of each status (with 'errors' for timeouts and resets). */
  flood: { rate: number; statuses: Record<string, number> };
}

export const CHECK_CONNECTIONS = 2;
export const FLOOD_CONNECTIONS = 16;

function checkLoad(result: AutocannonResult): CheckLoad {
  return {
    rate: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx + result.mismatches,
  };
}

export async function measureFlood(
  autocannon: Autocannon,
  options: { url: string; headers: Record<string, string>; sessionToken: string; seconds: number },
): Promise<FloodMeasured> {
  const checks = () =>
    autocannon({
      url: options.url,
      connections: CHECK_CONNECTIONS,
      duration: options.seconds,
      requests: [
        { method: 'POST', path: '/sdk/v1/sessions/authenticate', headers: { ...options.headers, authorization: `Bearer ${options.sessionToken}` }, body: '{}' },
      ],
      verifyBody: (body: string) => body.includes('"session_jwt"'),
    });
  const alone = checkLoad(await checks());
  // Unknown addresses, a new one for each request: the costliest guess for the server (a dummy
  // verification, the timing rule's price) and one no per-account count stops.
  let guess = 0;
  const flooding = autocannon({
    url: options.url,
    connections: FLOOD_CONNECTIONS,
    duration: options.seconds,
    requests: [
      {
        method: 'POST',
        path: '/sdk/v1/passwords/authenticate',
        headers: options.headers,
        setupRequest: (request: Record<string, unknown>) => ({
          ...request,
          body: JSON.stringify({ email: `stuffed-${process.pid}-${++guess}@flood.example.com`, password: 'Wrong password 123' }),
        }),
      },
    ],
  });
  const during = checkLoad(await checks());
  const flood = await flooding;
  const statuses = Object.fromEntries(Object.entries(flood.statusCodeStats ?? {}).map(([status, { count }]) => [status, count]));
  if (flood.errors + flood.timeouts > 0) statuses.errors = flood.errors + flood.timeouts;
  return { alone, during, flood: { rate: flood.requests.total / flood.duration, statuses } };
}

/** The flood's table and its targets, one line per database and round. */
export function floodReport(results: Array<{ database: string; round: number; measured: FloodMeasured }>): string[] {
  const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
  const kept = (m: FloodMeasured) => m.during.rate / Math.max(1, m.alone.rate);
  const floodOk = (m: FloodMeasured) => Object.keys(m.flood.statuses).every((status) => status === '401' || status === '503');
  const lines = [
    `| database, round | checks alone: req/s, p99 | checks during the flood: req/s, p50, p99, errors | kept | flood: answers/s and statuses |`,
    '|---|---|---|---|---|',
    ...results.map(({ database, round, measured: m }) => {
      const statuses = Object.entries(m.flood.statuses)
        .map(([status, count]) => `${status}: ${count}`)
        .join(', ');
      return `| ${database}, ${round} | ${Math.round(m.alone.rate)}, ${ms(m.alone.p99)} | ${Math.round(m.during.rate)}, ${ms(m.during.p50)}, ${ms(m.during.p99)}, ${m.during.errors} | ${Math.round(100 * kept(m))}% | ${Math.round(m.flood.rate)}/s (${statuses}) |`;
    }),
  ];
  const every = (test: (m: FloodMeasured) => boolean) => (results.every(({ measured }) => test(measured)) ? 'yes' : 'no');
  return [
    ...lines,
    '',
    '| target during the flood, every database and round | met |',
    '|---|---|',
    `| session checks keep ≥ 30% of their rate alone | ${every((m) => kept(m) >= 0.3)} |`,
    `| session checks' p99 ≤ 25 ms | ${every((m) => m.during.p99 <= 25)} |`,
    `| session checks without an error | ${every((m) => m.during.errors === 0)} |`,
    `| the flood's answers are 401 or 503, never a 500 or a hang | ${every(floodOk)} |`,
  ];
}
