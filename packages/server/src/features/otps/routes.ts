import type { OpenAPIHono } from '@hono/zod-openapi';
import { otpRoutes } from '@vestibule/contract';
import type { AuthenticationFactor } from '@vestibule/contract';
import type { EmailMessage } from '../../delivery/email-sender.js';
import type { TextMessage } from '../../delivery/text-sender.js';
import { ApiError } from '../../kernel/api-error.js';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { bearerToken } from '../../http/bearer.js';
import { defineRoute } from '../../http/define-route.js';
import { signInClient } from '../../http/sign-in-client.js';
import { lockedError } from '../../http/limits.js';
import { ACCOUNT_WIDE, passcodeFailureScope, releaseAttempt, reserveAttempt, type FailureCounter } from '../../kernel/failure-counters.js';
import { checkMinutes, requestedSession } from '../../kernel/durations.js';
import { normalizeEmail } from '../../kernel/email-address.js';
import { completeSignIn } from '../../kernel/sessions/complete-sign-in.js';
import { createUserWithEmail, findUserEmail, proveEmail } from '../../kernel/users.js';
import { deliver } from '../../delivery/deliver.js';
import { newPasscode } from '../../security/otp-hash.js';
import { CHANNEL_NAMES, enforceSendLimits } from './delivery.js';
import { checkPasscode, storePasscode } from './otp-codes.js';
import { chooseTemplate, otpEmail, otpText } from './otp-messages.js';
import { normalizePhoneNumber } from '../../kernel/phone-number.js';
import { createUserWithPhone, findUserPhone, verifyPhoneAndActivate } from './phone-numbers-store.js';
import { guardTextSend } from './text-budgets.js';

// Passcode lifetime: 5 minutes unless the client asks for 1..30 (the widgets check against the same range).
import { OTP_EXPIRATION_MINUTES } from '@vestibule/contract/durations';

export function registerOtpRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const { config, db } = deps;
  const project = config.project;
  /** Wrong passcodes are counted per user and client address, and (with a higher ceiling) per user. */
  const failureCounters = (userId: string, clientIp: string): FailureCounter[] => [
    { scope: passcodeFailureScope(userId), client: clientIp, rule: config.rateLimits.otpLockout },
    { scope: passcodeFailureScope(userId), client: ACCOUNT_WIDE, rule: config.rateLimits.otpAccountLockout },
  ];
  const expiration = (value: number | undefined) => checkMinutes('expiration_minutes', value, OTP_EXPIRATION_MINUTES.default, OTP_EXPIRATION_MINUTES);

  defineRoute(app, otpRoutes.emailLoginOrCreate, async (c, { body, ok }) => {
    const email = normalizeEmail(body.email);
    const minutes = expiration(body.expiration_minutes);
    const loginTemplate = chooseTemplate('login_template_id', body.login_template_id, project.otpTemplates);
    const signupTemplate = chooseTemplate('signup_template_id', body.signup_template_id, project.otpTemplates);
    const now = deps.clock();
    const uncountDestination = await enforceSendLimits(deps, c, `email:${email}`, now);

    const existing = await findUserEmail(db, email);
    const account = existing ? { userId: existing.user_id, emailId: existing.email_id, created: false } : await createUserWithEmail(db, email, 'active', now);
    const code = newPasscode();
    const message: EmailMessage = otpEmail({
      to: email,
      projectName: project.name,
      code,
      minutes,
      locale: body.locale,
      template: account.created ? signupTemplate : loginTemplate,
    });
    await deliver(deps, c, { channel: 'email', purpose: 'passcode', undo: [uncountDestination] }, () => deps.email.send(message));
    await storePasscode(db, deps.otpHmacKey, { code, methodId: account.emailId, userId: account.userId, channel: 'email', expirationMinutes: minutes, now });

    return ok({ user_id: account.userId, method_id: account.emailId, user_created: account.created });
  });

  for (const channel of ['sms', 'whatsapp'] as const) {
    defineRoute(app, channel === 'sms' ? otpRoutes.smsLoginOrCreate : otpRoutes.whatsappLoginOrCreate, async (c, { body, ok }) => {
      const phone = normalizePhoneNumber(body.phone_number, project.smsCountries === 'all' ? null : project.smsCountries);
      const { e164 } = phone;
      const minutes = expiration(body.expiration_minutes);
      if (!deps.texts.canSend(channel)) {
        throw new ApiError(
          'channel_not_configured',
          `${CHANNEL_NAMES[channel]} passcodes are not configured on this server (set the sms provider: TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and ${channel === 'sms' ? 'TWILIO_FROM_NUMBER' : 'TWILIO_WHATSAPP_FROM'}).`,
        );
      }
      const now = deps.clock();
      const uncountDestination = await enforceSendLimits(deps, c, `phone:${e164}`, now);
      await guardTextSend(deps, c, phone);

      const existing = await findUserPhone(db, e164);
      const account = existing ? { userId: existing.user_id, phoneId: existing.phone_id, created: false } : await createUserWithPhone(db, e164, now);
      const code = newPasscode();
      const message: TextMessage = { channel, to: e164, text: otpText({ projectName: project.name, code, minutes, locale: body.locale, template: null }) };
      await deliver(deps, c, { channel, purpose: 'passcode', undo: [uncountDestination] }, () => deps.texts.send(message));
      await storePasscode(db, deps.otpHmacKey, { code, methodId: account.phoneId, userId: account.userId, channel, expirationMinutes: minutes, now });

      return ok({ user_id: account.userId, method_id: account.phoneId, user_created: account.created });
    });
  }

  defineRoute(app, otpRoutes.authenticate, async (c, { body }) => {
    if (!/^\d{6}$/.test(body.code)) throw new ApiError('invalid_code');
    const duration = requestedSession(project, body);
    const now = deps.clock();
    let counters: FailureCounter[] = [];
    const result = await checkPasscode(db, deps.otpHmacKey, {
      methodId: body.method_id,
      code: body.code,
      now,
      reserveAttempt: (userId) => {
        counters = failureCounters(userId, c.get('clientIp'));
        return reserveAttempt(db, counters, now);
      },
    });
    if (result.kind === 'locked') throw lockedError(result.until, now);
    if (result.kind === 'wrong') {
      if (result.lockIfWrong) throw lockedError(result.lockIfWrong, now);
      // The guess that used the last try already says the code is dead, so nobody types a
      // sixth code only to learn that.
      throw new ApiError(result.lastAttempt ? 'otp_code_expired' : 'otp_code_not_found');
    }
    if (result.kind === 'not_found') throw new ApiError('otp_code_not_found');
    // Trying again cannot help here, so the answer says to ask for a new code instead.
    if (result.kind === 'dead') throw new ApiError('otp_code_expired');

    const { userId, methodId, channel } = result;
    await releaseAttempt(db, counters);
    let factor: AuthenticationFactor;
    if (channel === 'email') {
      await proveEmail(deps, userId, methodId, now);
      const emailRow = await db.selectFrom('user_emails').select('email').where('email_id', '=', methodId).executeTakeFirstOrThrow();
      factor = {
        type: 'otp',
        delivery_method: 'email',
        last_authenticated_at: now.toISOString(),
        email_factor: { email_id: methodId, email_address: emailRow.email },
      };
    } else {
      await verifyPhoneAndActivate(db, userId, methodId);
      const phoneRow = await db.selectFrom('user_phone_numbers').select('phone_number').where('phone_id', '=', methodId).executeTakeFirstOrThrow();
      factor = {
        type: 'otp',
        delivery_method: channel,
        last_authenticated_at: now.toISOString(),
        phone_number_factor: { phone_id: methodId, phone_number: phoneRow.phone_number },
      };
    }
    const response = await completeSignIn(deps, {
      requestId: c.get('requestId'),
      client: signInClient(c),
      bearerToken: bearerToken(c),
      userId,
      factors: [factor],
      ...duration,
      now,
    });
    return c.json(response);
  });
}
