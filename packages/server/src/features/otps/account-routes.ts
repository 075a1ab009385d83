import type { OpenAPIHono } from '@hono/zod-openapi';
import { accountRoutes } from '@vestibule/contract';
import { OTP_EXPIRATION_MINUTES } from '@vestibule/contract/durations';
import type { Context } from 'hono';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { defineRoute } from '../../http/define-route.js';
import { enforceRateLimit } from '../../http/limits.js';
import { sessionAuth } from '../../http/session-auth.js';
import { accountUser } from '../../kernel/account/account-user.js';
import { addWayIn, type WayInAddition } from '../../kernel/account/add-way-in.js';
import { requireRecentSignIn } from '../../kernel/account/recent-sign-in.js';
import { requireNoUnprovenPassword } from '../../kernel/account/unproven-account.js';
import { removeWayIn } from '../../kernel/account/ways-in.js';
import { ApiError } from '../../kernel/api-error.js';
import { normalizeEmail } from '../../kernel/email-address.js';
import { retireMethodSecrets } from '../../kernel/one-time-secrets.js';
import { addProvenEmail, findUserEmail, proveEmailInSession } from '../../kernel/users.js';
import { countedAt, deliver, type Sending, uncount } from '../../delivery/deliver.js';
import { newPasscode } from '../../security/otp-hash.js';
import { type AccountCodeKind, storeAccountCode, tryAccountCode } from './account-codes.js';
import { CHANNEL_NAMES, enforceSendLimits } from './delivery.js';
import { otpEmail, otpText } from './otp-messages.js';
import { normalizePhoneNumber } from '../../kernel/phone-number.js';
import { addProvenPhone, findUserPhone, verifyPhoneAndActivate } from './phone-numbers-store.js';
import { guardTextSend } from './text-budgets.js';

/**
 * The account page's passcodes: adding an email address or a phone number to the signed-in user
 * (a 6-digit code sent to it proves it, as a sign-in's would), and the phone numbers' primary and
 * removal. Every send counts against the passcode limits of sign-in (per client address and per
 * destination; texts also against the pumping guards) and the user's own (accountCodesPerUser).
 * An address or number the user has but has not proven is proven by the same code.
 */
export function registerAccountPasscodeRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const { config, db } = deps;
  const minutes = OTP_EXPIRATION_MINUTES.default;
  const recentSignIn = (c: Context<AppEnv>, now: Date) => requireRecentSignIn(c.get('session'), now, config.project.reauthenticationMinutes);
  const logChange = (c: Context<AppEnv>, change: string, details: Record<string, string>) =>
    deps.log.info('Account updated', { request_id: c.get('requestId'), user_id: c.get('session').user_id, change, ...details });

  /**
   * Counts a send against the user's own limit and sign-in's passcode limits (per client address
   * and per destination), before anything about the destination is answered: whether an address or
   * number belongs to another account is told, so how many are asked about is what is limited.
   * Answers what takes the user's and the destination's counts back if the code is not sent.
   */
  const countSend = async (c: Context<AppEnv>, destination: string, now: Date) => {
    const key = `account-codes:user:${c.get('session').user_id}`;
    const rule = config.rateLimits.accountCodesPerUser;
    await enforceRateLimit(countedAt(deps, now), key, rule, 'Too many passcodes requested for this account.');
    const uncountDestination = await enforceSendLimits(deps, c, destination, now);
    return [uncount(deps, key, rule, now), uncountDestination];
  };

  /** Sends the code, then stores it (a code that was not sent leaves the last one working), and answers where it went. */
  const sendCode = async (
    c: Context<AppEnv>,
    sending: Sending,
    kind: AccountCodeKind,
    destination: string,
    now: Date,
    send: (code: string) => Promise<void>,
  ) => {
    const code = newPasscode();
    await deliver(deps, c, sending, () => send(code));
    await storeAccountCode(db, deps.otpHmacKey, { kind, userId: c.get('session').user_id, destination, code, expirationMinutes: minutes, now });
    return { sent_to: destination, expires_at: new Date(now.getTime() + minutes * 60_000).toISOString() };
  };

  /** What adding for the call's session is held to (kernel/account/add-way-in.ts). */
  const addition = (c: Context<AppEnv>, now: Date, provesOwnAddress: boolean): WayInAddition => ({
    userId: c.get('session').user_id,
    sessionId: c.get('session').session_id,
    now,
    recentMinutes: config.project.reauthenticationMinutes,
    provesOwnAddress,
  });

  /** The address is the user's own, not yet proven: proving it is allowed beside a password set before any proof. */
  const ownAddress = async (userId: string, email: string) => {
    const existing = await findUserEmail(db, email);
    return existing?.user_id === userId && !existing.verified;
  };

  /** One try at the code; anything but the right code is the sign-in's answer for it. */
  const spend = async (c: Context<AppEnv>, kind: AccountCodeKind, destination: string, code: string, now: Date) => {
    const userId = c.get('session').user_id;
    const result = await tryAccountCode(db, deps.otpHmacKey, { kind, userId, destination, code, now });
    if (result === 'none' || result === 'wrong') throw new ApiError('otp_code_not_found');
    // The try that used the last attempt already says the code is dead: only a new one helps.
    if (result === 'dead' || result === 'last') throw new ApiError('otp_code_expired');
  };

  defineRoute(app, accountRoutes.emailStart, sessionAuth(deps), async (c, { body, ok }) => {
    const now = deps.clock();
    recentSignIn(c, now);
    const userId = c.get('session').user_id;
    const email = normalizeEmail(body.email);
    const undo = await countSend(c, `email:${email}`, now);
    const existing = await findUserEmail(db, email);
    if (existing && existing.user_id !== userId) throw new ApiError('email_already_taken');
    if (existing?.verified) throw new ApiError('email_already_added');
    if (!existing) await requireNoUnprovenPassword(db, userId);
    const sent = await sendCode(c, { channel: 'email', purpose: 'account_passcode', undo }, 'email', email, now, (code) =>
      deps.email.send(otpEmail({ to: email, projectName: config.project.name, code, minutes, locale: body.locale, template: null })),
    );
    return ok(sent);
  });

  defineRoute(app, accountRoutes.emailAdd, sessionAuth(deps), async (c, { body, ok }) => {
    const now = deps.clock();
    recentSignIn(c, now);
    const userId = c.get('session').user_id;
    const email = normalizeEmail(body.email);
    if (!/^\d{6}$/.test(body.code)) throw new ApiError('invalid_code');
    // The code first: without the one sent to this address for this user, nothing about the address is told.
    await spend(c, 'email', email, body.code, now);
    const change = await addWayIn(db, addition(c, now, await ownAddress(userId, email)), async (trx) => {
      // Read again under the lock: another user may have taken the address since the code was sent.
      const existing = await findUserEmail(trx, email);
      if (existing && existing.user_id !== userId) throw new ApiError('email_already_taken');
      if (existing) {
        // The user's own unproven address, proven by the holder of this session: nothing is ended (kernel/users.ts).
        await proveEmailInSession(trx, userId, existing.email_id);
        return { change: 'email_verified', email_id: existing.email_id };
      }
      const emailId = await addProvenEmail(trx, userId, email, now);
      if (!emailId) throw new ApiError('email_already_taken');
      return { change: 'email_added', email_id: emailId };
    });
    logChange(c, change.change, { email_id: change.email_id });
    return ok(await accountUser(deps, userId));
  });

  defineRoute(app, accountRoutes.phoneStart, sessionAuth(deps), async (c, { body, ok }) => {
    const now = deps.clock();
    recentSignIn(c, now);
    const userId = c.get('session').user_id;
    const phone = normalizePhoneNumber(body.phone_number, config.project.smsCountries === 'all' ? null : config.project.smsCountries);
    const channel = body.channel ?? 'sms';
    if (!deps.texts.canSend(channel)) {
      throw new ApiError('channel_not_configured', `${CHANNEL_NAMES[channel]} passcodes are not configured on this server.`);
    }
    const undo = await countSend(c, `phone:${phone.e164}`, now);
    const existing = await findUserPhone(db, phone.e164);
    if (existing && existing.user_id !== userId) throw new ApiError('phone_number_already_taken');
    if (existing?.verified) throw new ApiError('phone_number_already_added');
    if (!existing) await requireNoUnprovenPassword(db, userId);
    await guardTextSend(deps, c, phone);
    const sent = await sendCode(c, { channel, purpose: 'account_passcode', undo }, 'phone', phone.e164, now, (code) =>
      deps.texts.send({ channel, to: phone.e164, text: otpText({ projectName: config.project.name, code, minutes, locale: body.locale, template: null }) }),
    );
    return ok(sent);
  });

  defineRoute(app, accountRoutes.phoneAdd, sessionAuth(deps), async (c, { body, ok }) => {
    const now = deps.clock();
    recentSignIn(c, now);
    const userId = c.get('session').user_id;
    const e164 = numberOf(body.phone_number);
    if (!/^\d{6}$/.test(body.code)) throw new ApiError('invalid_code');
    // The code first: without the one texted to this number for this user, nothing about the number is told.
    await spend(c, 'phone', e164, body.code, now);
    const change = await addWayIn(db, addition(c, now, false), async (trx) => {
      const existing = await findUserPhone(trx, e164);
      if (existing && existing.user_id !== userId) throw new ApiError('phone_number_already_taken');
      if (existing) {
        await verifyPhoneAndActivate(trx, userId, existing.phone_id);
        return { change: 'phone_number_verified', phone_id: existing.phone_id };
      }
      const phoneId = await addProvenPhone(trx, userId, e164, now);
      if (!phoneId) throw new ApiError('phone_number_already_taken');
      return { change: 'phone_number_added', phone_id: phoneId };
    });
    logChange(c, change.change, { phone_id: change.phone_id });
    return ok(await accountUser(deps, userId));
  });

  defineRoute(app, accountRoutes.phonePrimary, sessionAuth(deps), async (c, { body, ok }) => {
    const userId = c.get('session').user_id;
    const phone = await db
      .selectFrom('user_phone_numbers')
      .select(['phone_id', 'verified'])
      .where('phone_id', '=', body.phone_id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!phone) throw new ApiError('phone_number_not_found');
    if (!phone.verified) throw new ApiError('unverified_phone_number');
    await db.updateTable('users').set({ primary_phone_id: phone.phone_id }).where('user_id', '=', userId).execute();
    logChange(c, 'phone_number_made_primary', { phone_id: phone.phone_id });
    return ok(await accountUser(deps, userId));
  });

  defineRoute(app, accountRoutes.phoneRemove, sessionAuth(deps), async (c, { body, ok }) => {
    const now = deps.clock();
    recentSignIn(c, now);
    const userId = c.get('session').user_id;
    await removeWayIn(
      deps,
      userId,
      async (trx) => {
        const removed = await trx
          .deleteFrom('user_phone_numbers')
          .where('phone_id', '=', body.phone_id)
          .where('user_id', '=', userId)
          .returning('phone_id')
          .executeTakeFirst();
        // A passcode texted to it before must sign nobody in after.
        if (removed) await retireMethodSecrets(trx, userId, removed.phone_id, now);
        return Boolean(removed);
      },
      'phone_number_not_found',
    );
    logChange(c, 'phone_number_removed', { phone_id: body.phone_id });
    return ok(await accountUser(deps, userId));
  });
}

/**
 * The number a code was texted to, in E.164 as phone_numbers/start answered it. The project's
 * country list is not asked again: only a number a code went to can be added.
 */
function numberOf(value: string): string {
  try {
    return normalizePhoneNumber(value, null).e164;
  } catch {
    throw new ApiError('invalid_phone_number');
  }
}
