import { expect, it } from 'vitest';
import { prettyLines } from '../../src/logging/pretty.js';

it('writes no character a terminal would act on from a logged value: C1 controls, bidirectional overrides, line separators', () => {
  const written: string[] = [];
  const pretty = prettyLines({ write: (text: string) => void written.push(text) });
  const reason = 'origin https://evil.example\u009b31m\u202eexe.txt\u2028next line\u2066isolated\u2069';
  pretty.write(`${JSON.stringify({ level: 30, time: Date.now(), msg: 'Passkey response refused', reason })}\n`);
  expect(written).toHaveLength(1);
  expect(written[0]).toContain('https://evil.example?31m?exe.txt?next line?isolated?');
  expect(written[0]).not.toMatch(/[\u0080-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/);
});
