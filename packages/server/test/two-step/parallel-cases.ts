import { describe, expect, it } from 'vitest';
import { expectError, loopback } from '../helpers/account.js';
import type { Answer, ListeningServer } from '../helpers/listening.js';
import { together } from '../helpers/together.js';
import { heldSignIns, nextCode, sessionCount, tally, walletPersonWithApp, withAppCode, withRecoveryCode, wrongCodes } from './helpers.js';

/**
 * Second steps arriving together (50 real requests, their bodies released at once), spread over
 * `servers` in turn: every try is reserved before its code is checked, so no more wrong codes are
 * checked than the limits allow, and a right code, a recovery code or an intermediate session
 * makes one session however many copies arrive together. On the real clock.
 *
 * On the embedded database a request's statements run without giving way to another request, so
 * there these hold the counting and the single use; the races themselves run on PostgreSQL, where
 * requests of one instance and of two really run at the same time (parallel-instances.test.ts).
 */
const PARALLEL = 50;

/**
 * The answers refused as locked carry Retry-After: how long to wait, in whole seconds rounded up,
 * for a lock that a request arriving a few milliseconds later may have set (so one more second).
 */
function expectLockedWithRetryAfter(answers: Answer[], lockSeconds: number): void {
  for (const answer of answers.filter((a) => a.status === 429)) {
    expect(answer.body.error_type).toBe('user_lock_limit_reached');
    const retryAfter = Number(answer.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(lockSeconds - 60);
    expect(retryAfter).toBeLessThanOrEqual(lockSeconds + 1);
  }
}

export function describeParallelSteps(title: string, instances: () => Promise<ListeningServer[]>): void {
  let servers: ListeningServer[];
  /** The server the n-th request goes to. */
  const to = (n: number) => servers[n % servers.length]!;
  /** The first server: the person signs in and looks at their account there. */
  const first = () => servers[0]!;

  describe(title, () => {
    it(`${PARALLEL} different wrong codes from one address: at most the limit are checked, the rest are locked out; the right code then too, from that address only`, async () => {
      servers = await instances();
      const rule = first().config.rateLimits.twoStepLockout;
      const person = await walletPersonWithApp(first());
      const [held] = await heldSignIns(servers, person.wallet, 1);
      const codes = wrongCodes(person.secret, PARALLEL);
      const answers = await together(PARALLEL, (n, gate) => withAppCode(to(n), held!.token, codes[n]!, held!.from, gate));
      const counts = tally(answers);
      expect(Object.keys(counts).sort(), JSON.stringify(counts)).toEqual(['401 invalid_totp_code', '429 user_lock_limit_reached']);
      expect(counts['401 invalid_totp_code'], JSON.stringify(counts)).toBeLessThanOrEqual(rule.maxFailures);
      expectLockedWithRetryAfter(answers, rule.lockSeconds);

      expectError(await withAppCode(first(), held!.token, nextCode(person.secret), held!.from), 429, 'user_lock_limit_reached');
      // Someone else's guesses from another address do not lock the person out on their own.
      expect((await withAppCode(first(), held!.token, nextCode(person.secret), loopback())).status).toBe(200);
    });

    it(`${PARALLEL} wrong codes from ${PARALLEL} addresses: at most the account-wide limit are checked; then the right code is refused from anywhere`, async () => {
      servers = await instances();
      const rule = first().config.rateLimits.twoStepAccountLockout;
      const person = await walletPersonWithApp(first());
      const [held] = await heldSignIns(servers, person.wallet, 1);
      const codes = wrongCodes(person.secret, PARALLEL);
      const answers = await together(PARALLEL, (n, gate) => withAppCode(to(n), held!.token, codes[n]!, loopback(), gate));
      const counts = tally(answers);
      expect(Object.keys(counts).sort(), JSON.stringify(counts)).toEqual(['401 invalid_totp_code', '429 user_lock_limit_reached']);
      expect(counts['401 invalid_totp_code'], JSON.stringify(counts)).toBeLessThanOrEqual(rule.maxFailures);
      expectLockedWithRetryAfter(answers, rule.lockSeconds);
      expectError(await withAppCode(first(), held!.token, nextCode(person.secret), loopback()), 429, 'user_lock_limit_reached');
    });

    it(`${PARALLEL} copies of the right code with one intermediate session: exactly one session`, async () => {
      servers = await instances();
      const person = await walletPersonWithApp(first());
      const [held] = await heldSignIns(servers, person.wallet, 1);
      const code = nextCode(person.secret);
      const answers = await together(PARALLEL, (n, gate) => withAppCode(to(n), held!.token, code, held!.from, gate));
      expect(tally(answers)['200'], JSON.stringify(tally(answers))).toBe(1);
      expect(await sessionCount(first(), person)).toBe(2);
    });

    it(`${PARALLEL} copies of the right code, each with an intermediate session of the same user and an address of its own: exactly one session`, async () => {
      servers = await instances();
      const person = await walletPersonWithApp(first());
      const held = await heldSignIns(servers, person.wallet, PARALLEL);
      const code = nextCode(person.secret);
      const answers = await together(PARALLEL, (n, gate) => withAppCode(to(n), held[n]!.token, code, held[n]!.from, gate));
      expect(tally(answers)['200'], JSON.stringify(tally(answers))).toBe(1);
      expect(await sessionCount(first(), person)).toBe(2);
    });

    it(`${PARALLEL} copies of one recovery code, each with an intermediate session of its own: exactly one session, and nine codes left`, async () => {
      servers = await instances();
      const person = await walletPersonWithApp(first());
      const held = await heldSignIns(servers, person.wallet, PARALLEL);
      const answers = await together(PARALLEL, (n, gate) => withRecoveryCode(to(n), held[n]!.token, person.recoveryCodes[0]!, held[n]!.from, gate));
      const counts = tally(answers);
      expect(counts['200'], JSON.stringify(counts)).toBe(1);
      expect(answers.find((a) => a.status === 200)!.body.recovery_codes_remaining).toBe(9);
      expect(await sessionCount(first(), person)).toBe(2);
    });

    it('the ten recovery codes at once with one intermediate session: one session, and only its code is spent', async () => {
      servers = await instances();
      const person = await walletPersonWithApp(first());
      const [held] = await heldSignIns(servers, person.wallet, 1);
      const codes = person.recoveryCodes;
      const answers = await together(codes.length, (n, gate) => withRecoveryCode(to(n), held!.token, codes[n]!, held!.from, gate));
      const counts = tally(answers);
      expect(counts['200'], JSON.stringify(counts)).toBe(1);
      expect(await sessionCount(first(), person)).toBe(2);
      const me = await first().send('GET', '/sdk/v1/users/me', undefined, { session: person.session, from: person.from });
      expect(me.body.totp.recovery_codes_remaining).toBe(9);
    });
  });
}
