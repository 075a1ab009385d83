import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { harnessFor, testClock, uniqueEmail, type Harness } from '../helpers/harness.js';
import { dataDirWithDatabase, REPO_CONFIG } from '../helpers/test-config.js';
import { CONTRACT_EDITS, SERVER_EDITS, SERVER_FIXTURE } from './the-method.js';
import { addedLines, addedMismatch, copyTree, guideBlocks, quoteMismatch, sameLine, type Tree } from './tree.js';

/**
 * docs/adding-a-sign-in-method.md is true of the contract and the server: a throwaway method,
 * "example code", is added to a copy of the two packages exactly as the guide says (its files,
 * from .fixture/, where the guide puts them, and the lines the guide lists, in the files it names:
 * the-method.ts) and nothing else. The copy must then pass the type check and serve the method:
 * its migration run, its settings read with their defaults, its routes answered through
 * defineRoute and listed in the OpenAPI document, a code made and signing in, its part of the
 * User read and kept fresh. Were another file to need a change (a list that names every feature, a
 * type that does not merge), the copy would not compile or would not serve the method, and this
 * test fails until the guide (and the-method.ts) name that file.
 *
 * The guide's blocks for these two packages are checked here: each quote against the fixture's
 * file, each "(lines added)" block against the lines the edits add. The widgets' part is
 * packages/react/test/guide/guide.test.tsx.
 */

const EDITS = { ...CONTRACT_EDITS, ...SERVER_EDITS };
const SIDES = /^packages\/(contract|server)\//;

type ServerModule = typeof import('../../src/index.js');

let tree: Tree;
let fixtureFiles: string[];
const added: Record<string, string[]> = {};

beforeAll(() => {
  tree = copyTree(['contract', 'server'], inject('testTempRoot'));
  fixtureFiles = tree.overlay(SERVER_FIXTURE);
  for (const [path, edit] of Object.entries(EDITS)) added[path] = tree.edit(path, edit);
});
afterAll(() => tree?.remove());

describe("the guide's contract and server sections", () => {
  const blocks = guideBlocks().filter((block) => SIDES.test(block.path));

  it("quote the method's files as they are in the fixture, and quote each of them", () => {
    const quotes = blocks.filter((block) => block.kind === 'quote');
    for (const block of quotes) {
      const file = join(SERVER_FIXTURE, block.path);
      expect(existsSync(file), `the guide quotes ${block.path} (line ${block.at}), which the fixture does not have`).toBe(true);
      expect(quoteMismatch(block, readFileSync(file, 'utf8'))).toBeNull();
    }
    expect(new Set(quotes.map((block) => block.path))).toEqual(new Set(fixtureFiles));
  });

  it('list, file by file, exactly the lines added to the files that already exist', () => {
    const listed = blocks.filter((block) => block.kind === 'added');
    expect(listed.map((block) => block.path).sort()).toEqual(Object.keys(EDITS).sort());
    for (const block of listed) expect(addedMismatch(block, added[block.path]!)).toBeNull();
  });

  it('leave no code block unchecked: each is of the contract, the server (here) or the widgets (the widget test)', () => {
    expect(guideBlocks().filter((block) => !/^packages\/(contract|server|react)\//.test(block.path))).toEqual([]);
  });

  it('are compared line by line, `…` standing for what a line already holds', () => {
    expect(addedLines('a\nb\n', 'a\nc\nb\n')).toEqual(['c']);
    expect(sameLine('const list = [health, …, exampleCode, openapi];', 'const list = [health, bootstrap, exampleCode, openapi];')).toBe(true);
    expect(sameLine('const list = [health, …, exampleCode, openapi];', 'const list = [health, openapi];')).toBe(false);
  });
});

describe('a method added by following the guide', () => {
  let copy: ServerModule;
  let h: Harness;

  beforeAll(async () => {
    copy = (await import(/* @vite-ignore */ tree.at('packages/server/src/index.ts'))) as ServerModule;
    const config = copy.loadConfig({ file: REPO_CONFIG, env: { VESTIBULE_DATA_DIR: dataDirWithDatabase() } });
    const clock = testClock();
    const quiet = { info() {}, warn() {}, error: (message: string, details?: unknown) => console.error(message, details) };
    h = harnessFor(await copy.createServer(config, { clock, logger: quiet }), config, clock);
  }, 120_000);
  afterAll(() => h?.close());

  it('type-checks with the rest of the two packages', async () => {
    expect(await tree.typecheck()).toBe('');
  }, 120_000);

  it('runs its migration with the others, and its table is there', async () => {
    const ran = await sql<{ name: string }>`select name from vestibule_migrations`.execute(h.server.db);
    expect(ran.rows.map((row) => row.name)).toContain('0026-example-code');
    const { rows } = await sql<{ count: string }>`select count(*) as count from example_codes`.execute(h.server.db);
    expect(Number(rows[0]!.count)).toBe(0);
  });

  it('reads its settings, with their defaults when vestibule.config.json names them not', () => {
    const config = h.config as typeof h.config & { project: { exampleCodeLifetimeMinutes: number }; rateLimits: { exampleCodePerIp: unknown } };
    expect(config.project.exampleCodeLifetimeMinutes).toBe(43200);
    expect(config.rateLimits.exampleCodePerIp).toEqual({ limit: 20, windowSeconds: 600 });
  });

  it('answers a body its route refuses with 400 bad_request, through defineRoute', async () => {
    for (const body of [{}, { code: 7 }, { code: 'x', extra: true }]) {
      const { status, body: answer } = await h.json('POST', '/sdk/v1/example_code/authenticate', body);
      expect(status).toBe(400);
      expect(answer.error_type).toBe('bad_request');
    }
    const { status, body } = await h.json('POST', '/sdk/v1/example_code/create');
    expect([status, body.error_type]).toEqual([401, 'user_unauthenticated']);
  });

  it('makes a code for a signed-in user (ok: status_code and request_id), keeps only its hash, and signs in with it', async () => {
    const email = uniqueEmail('example-code');
    const first = await h.signIn(email);
    const made = await h.json('POST', '/sdk/v1/example_code/create', undefined, { session: first.session_token });
    expect(made.status).toBe(200);
    expect(made.body).toEqual({ status_code: 200, request_id: expect.any(String), code: expect.any(String) });
    const stored = await sql<{ code_hash: string }>`select code_hash from example_codes where user_id = ${first.user_id}`.execute(h.server.db);
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0]!.code_hash).not.toContain(made.body.code);

    const signedIn = await h.json('POST', '/sdk/v1/example_code/authenticate', { code: made.body.code });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ status_code: 200, request_id: expect.any(String), user_id: first.user_id });
    expect(signedIn.body.session.session_id).not.toBe(first.session.session_id);
    expect(signedIn.body.session.authentication_factors.map((factor: { type: string }) => factor.type)).toEqual(['example_code']);

    const wrong = await h.json('POST', '/sdk/v1/example_code/authenticate', { code: `${made.body.code}x` });
    expect([wrong.status, wrong.body.error_type]).toEqual([401, 'unable_to_auth_example_code']);
  });

  it("adds its part to the User, and the session check's copy of the User follows a change (the table announces it)", async () => {
    const first = await h.signIn(uniqueEmail('example-code-part'));
    expect(first.user).toMatchObject({ example_codes: [] });
    const check = () => h.json('POST', '/sdk/v1/sessions/authenticate', {}, { session: first.session_token });
    expect((await check()).body.user.example_codes).toEqual([]);
    await h.json('POST', '/sdk/v1/example_code/create', undefined, { session: first.session_token });
    await expect.poll(async () => (await check()).body.user.example_codes).toEqual([{ created_at: expect.any(String), expires_at: expect.any(String) }]);
    const [part] = (await check()).body.user.example_codes;
    expect(Date.parse(part.expires_at) - Date.parse(part.created_at)).toBe(43200 * 60_000);
  });

  it('is in the OpenAPI document, with its schemas and errors', async () => {
    const doc = await (await h.call('GET', '/openapi.json', undefined, { token: null })).json();
    const authenticate = doc.paths['/sdk/v1/example_code/authenticate'].post;
    expect(authenticate.tags).toEqual(['Example code']);
    expect(authenticate.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/ExampleCodeAuthenticateRequest');
    expect(authenticate.responses['401'].description).toContain('unable_to_auth_example_code');
    expect(doc.paths['/sdk/v1/example_code/create'].post.security).toEqual([{ PublicToken: [], SessionToken: [] }]);
  });
});
