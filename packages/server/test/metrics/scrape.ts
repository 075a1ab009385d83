import { request } from 'node:http';

/** One sample of Prometheus' text format: `name{label="value",…} number`. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Scrape {
  status: number;
  contentType: string | undefined;
  text: string;
  samples: Sample[];
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** The samples of a text exposition (comments and HELP/TYPE lines skipped); a line that is neither fails. */
export function parseExposition(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = SAMPLE.exec(line);
      if (!match) throw new Error(`Not a sample line: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? '').matchAll(LABEL)].map(([, name, value]) => [name!, JSON.parse(`"${value}"`) as string]));
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

/** The sum of the samples named `name` whose labels include `labels` (0 when none has them). */
export function total(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value))
    .reduce((sum, sample) => sum + sample.value, 0);
}

/**
 * GET /metrics over a real socket, as Prometheus on this machine (from 127.0.0.1, addressed to it)
 * or, with `headers`, as one behind a proxy or with a token.
 */
export function scrape(port: number, headers: Record<string, string> = {}): Promise<Scrape> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method: 'GET', path: '/metrics', headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        resolve({ status, contentType: res.headers['content-type'], text, samples: status === 200 ? parseExposition(text) : [] });
      });
    });
    req.on('error', reject);
    req.end();
  });
}
