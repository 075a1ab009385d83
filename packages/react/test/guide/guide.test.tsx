import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_EDITS, SERVER_FIXTURE, WIDGET_EDITS, WIDGET_FIXTURE } from '../../../server/test/guide/the-method';
import { addedMismatch, copyTree, guideBlocks, quoteMismatch, REPO, type Tree } from '../../../server/test/guide/tree';
import type { LoginConfig } from '../../src/types';
import { fakeClient } from '../helpers';

/**
 * docs/adding-a-sign-in-method.md is true of the widgets: a throwaway method, "example code", is
 * added to a copy of the package exactly as the guide says (its folder, from .fixture/, at
 * src/features/example-code/, and the lines the guide lists, in the files it names) and nothing
 * else. The copy holds the contract and the client too, with the method's contract file and lines,
 * so that what the method adds there (its User part, its factor type, its error) is seen to need no
 * change in the client or the widgets either. The copy must pass the type check, and its login
 * mount must draw the method's block on Main where the method says, with its text, and open its
 * screen. Were another file to need a change, the copy would not compile or not show the method,
 * and this test fails until the guide (and packages/server/test/guide/the-method.ts) name that
 * file. The server's part, and how the fixture and the copy work, are in packages/server/test/guide/.
 */

type WidgetModule = typeof import('../../src/index');

let tree: Tree;
let fixtureFiles: string[];
const added: Record<string, string[]> = {};

// Inside the project (a .data folder, which git ignores): the DOM environment loads no module from outside it.
const scratch = join(REPO, 'packages/react/test/guide/.data');

beforeAll(() => {
  mkdirSync(scratch, { recursive: true });
  tree = copyTree(['contract', 'client', 'react'], scratch);
  tree.overlay(SERVER_FIXTURE, 'packages/contract/');
  fixtureFiles = tree.overlay(WIDGET_FIXTURE);
  for (const [path, edit] of Object.entries(CONTRACT_EDITS)) tree.edit(path, edit);
  for (const [path, edit] of Object.entries(WIDGET_EDITS)) added[path] = tree.edit(path, edit);
});
afterAll(() => {
  tree?.remove();
  // Left when another run still has its copy there.
  if (readdirSync(scratch).length === 0) rmdirSync(scratch);
});
afterEach(cleanup);

describe("the guide's widget section", () => {
  const blocks = guideBlocks().filter((block) => block.path.startsWith('packages/react/'));

  it("quotes the method's files as they are in the fixture, and quotes each of them", () => {
    const quotes = blocks.filter((block) => block.kind === 'quote');
    for (const block of quotes) {
      const file = join(WIDGET_FIXTURE, block.path);
      expect(existsSync(file), `the guide quotes ${block.path} (line ${block.at}), which the fixture does not have`).toBe(true);
      expect(quoteMismatch(block, readFileSync(file, 'utf8'))).toBeNull();
    }
    expect(new Set(quotes.map((block) => block.path))).toEqual(new Set(fixtureFiles));
  });

  it('lists, file by file, exactly the lines added to the files that already exist', () => {
    const listed = blocks.filter((block) => block.kind === 'added');
    expect(listed.map((block) => block.path).sort()).toEqual(Object.keys(WIDGET_EDITS).sort());
    for (const block of listed) expect(addedMismatch(block, added[block.path]!)).toBeNull();
  });
});

describe('a widget method added by following the guide', () => {
  let copy: WidgetModule;
  beforeAll(async () => {
    copy = (await import(/* @vite-ignore */ tree.at('packages/react/src/index.ts'))) as WidgetModule;
  }, 60_000);

  it('type-checks with the rest of the package, the client and the contract', async () => {
    expect(await tree.typecheck()).toBe('');
  }, 120_000);

  // The copy's Product has 'exampleCode'; the repository's, which types this file, has not.
  const withExampleCode = {
    products: ['oauth', 'emailMagicLinks', 'exampleCode'],
    oauthOptions: { providers: [{ type: 'google' }] },
  } as unknown as LoginConfig;

  it('draws its block on Main where it says (above the social buttons and the form), with its text and its styles.css', async () => {
    render(<copy.VestibuleLogin client={fakeClient()} config={withExampleCode} />);
    const button = await screen.findByRole('button', { name: 'Use an example code' });
    const google = screen.getByRole('button', { name: 'Continue with Google' });
    const email = screen.getByLabelText('Email');
    expect(button.compareDocumentPosition(google) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(google.compareDocumentPosition(email) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(button.closest('.vst-example-code')).toBeTruthy();
    // Tests load CSS as empty text (Vitest's css option is off), so the stylesheet is counted, not
    // read: the default theme's variables, the shared rules, then one part per features/*/styles.css,
    // the method's among them; then
    // the later rules, one part per later.css (the package's index brings them with the mounts
    // whose first screens show them).
    const features = readdirSync(tree.at('packages/react/src/features'));
    const sheets = features.filter((name) => existsSync(tree.at(`packages/react/src/features/${name}/styles.css`)));
    const laterSheets = features.filter((name) => existsSync(tree.at(`packages/react/src/features/${name}/later.css`)));
    expect(sheets).toContain('example-code');
    expect(document.querySelector('style[data-vestibule]')?.textContent?.split('\n')).toHaveLength(2 + sheets.length + 1 + laterSheets.length);
  });

  it('is not drawn when its product is not configured', async () => {
    render(<copy.VestibuleLogin client={fakeClient()} config={{ products: ['emailMagicLinks'] }} />);
    await screen.findByLabelText('Email');
    expect(screen.queryByRole('button', { name: 'Use an example code' })).toBeNull();
  });

  it('opens its screen from the button, and its back arrow returns to Main', async () => {
    render(<copy.VestibuleLogin client={fakeClient()} config={withExampleCode} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Use an example code' }));
    expect(await screen.findByRole('heading', { name: 'Enter your example code' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
  });
});
