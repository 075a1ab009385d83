import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { passkeyRoutes } from '@vestibule/contract';
import type { AuthenticationFactor, WebAuthnRegisterResponse } from '@vestibule/contract';
import { ApiError } from '../../kernel/api-error.js';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { bearerToken } from '../../http/bearer.js';
import { defineRoute } from '../../http/define-route.js';
import { signInClient } from '../../http/sign-in-client.js';
import { enforceClientLimit } from '../../http/limits.js';
import { optionalSession, sessionAuth } from '../../http/session-auth.js';
import { addWayIn } from '../../kernel/account/add-way-in.js';
import { requireRecentSignIn, requireRecentSignInWithSecondStep } from '../../kernel/account/recent-sign-in.js';
import { requireNoUnprovenPassword } from '../../kernel/account/unproven-account.js';
import { removeWayIn } from '../../kernel/account/ways-in.js';
import { requestedSession } from '../../kernel/durations.js';
import { completeSignIn } from '../../kernel/sessions/complete-sign-in.js';
import { getUser } from '../../kernel/users.js';
import { authenticationOptions, registrationOptions, userHandle, userVerificationFor, verifyAuthentication, verifyRegistration } from './ceremonies.js';
import { requireCeremonyOrigin } from './ceremony-origin.js';
import { passkeysOfEmail } from './identifier-first.js';
import { type ChallengeBound, consumeChallenge, issueChallenge } from './challenges.js';
import { addRegistration, counterOf, deleteRegistration, findByCredentialId, listRegistrations, recordUse, renameRegistration } from './registrations-store.js';
import { toWebAuthnRegistration } from './user-part.js';

/** A passkey's factor names its registration: each passkey is a credential of its own to the session (an attached one among them). */
const webauthnFactor = (registrationId: string, now: Date): AuthenticationFactor => ({
  type: 'webauthn',
  delivery_method: 'webauthn',
  last_authenticated_at: now.toISOString(),
  webauthn_factor: { webauthn_registration_id: registrationId },
});

export function registerPasskeyRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const { config, db } = deps;
  const webauthn = config.project.webauthn;
  const { webauthnPerIp } = config.rateLimits;

  defineRoute(app, passkeyRoutes.registerStart, sessionAuth(deps), async (c, { body, ok }) => {
    requireCeremonyOrigin(c, webauthn);
    // A passkey is a way in: adding one needs a recent sign-in, as the account page's changes do, and
    // none is added beside a password planted before any proof (unverified_email). Both are checked
    // again where the passkey is written (register, kernel addWayIn). A passkey signs in alone, both
    // factors at once: while the user has a second step on, the sign-in must have proven that step
    // recently, not a first factor alone. So must a key added as a second factor: the authenticator,
    // not this start, decides whether it can verify its user, and one that can signs in alone too.
    await requireRecentSignInWithSecondStep(deps, c.get('session'), deps.clock(), config.project.reauthenticationMinutes);
    const userId = c.get('session').user_id;
    await requireNoUnprovenPassword(db, userId);
    await enforceClientLimit(deps, c, 'webauthn-register-start', webauthnPerIp);
    const user = await getUser(deps, userId);
    if (!user) throw new ApiError('session_not_found');
    const isPasskey = body.is_passkey ?? true;
    const challenge = await issueChallenge(db, 'webauthn_registration', {
      userId,
      bound: { userVerification: userVerificationFor(isPasskey) },
      now: deps.clock(),
    });
    const options = await registrationOptions(webauthn, {
      userId,
      // What the browser's dialog names the passkey after; the user's handle is the id, not this.
      userName: user.emails[0]?.email ?? user.phone_numbers[0]?.phone_number ?? userId,
      challenge,
      existing: await listRegistrations(db, userId),
      isPasskey,
    });
    return ok({
      user_id: userId,
      // The library's options type is an interface; the contract's is an open object of the same shape.
      public_key_credential_creation_options: { ...options },
    });
  });

  defineRoute(app, passkeyRoutes.register, sessionAuth(deps), async (c, { body }) => {
    const duration = requestedSession(config.project, body);
    await enforceClientLimit(deps, c, 'webauthn-register', webauthnPerIp);
    const userId = c.get('session').user_id;
    const now = deps.clock();
    const credential = body.public_key_credential as RegistrationResponseJSON;
    const used = await consumeChallenge(db, 'webauthn_registration', credential.response.clientDataJSON, now);
    // Another user's challenge is no challenge of this session's.
    if (used.userId !== userId) throw new ApiError('webauthn_challenge_not_found');
    const verified = await deps.heavyWork.run(() =>
      verifyRegistration(webauthn, { log: deps.log, requestId: c.get('requestId') }, { response: credential, challenge: used.challenge, bound: used.bound }),
    );
    // Written under the account rules as they are now: a ceremony started while the sign-in was
    // recent may finish after it is not, or after an owner's first proof ended this session.
    const addition = { userId, sessionId: c.get('session').session_id, now, recentMinutes: config.project.reauthenticationMinutes };
    const row = await addWayIn(db, addition, async (trx) => {
      // The second step as at the start, under the user's lock: an app turned on since counts.
      await requireRecentSignInWithSecondStep({ db: trx, secondSteps: deps.secondSteps }, c.get('session'), now, addition.recentMinutes);
      return addRegistration(trx, userId, verified, now);
    });
    if (!row) throw new ApiError('duplicate_webauthn_registration');
    const signedIn = await completeSignIn(deps, {
      requestId: c.get('requestId'),
      client: signInClient(c),
      bearerToken: bearerToken(c),
      userId,
      factors: [webauthnFactor(row.webauthn_registration_id, now)],
      ...duration,
      now,
      attaches: true,
      // The registering session ended meanwhile: the passkey starts no session of its own.
      addOnly: true,
    });
    const response: WebAuthnRegisterResponse = { ...signedIn, webauthn_registration_id: row.webauthn_registration_id };
    return c.json(response);
  });

  defineRoute(app, passkeyRoutes.authenticateStart, async (c, { body, ok }) => {
    requireCeremonyOrigin(c, webauthn);
    await enforceClientLimit(deps, c, 'webauthn-authenticate-start', webauthnPerIp);
    const now = deps.clock();
    const isPasskey = body.is_passkey ?? true;
    if (!isPasskey && body.email !== undefined)
      throw new ApiError('bad_request', "email names whose passkeys to offer; a second factor (is_passkey false) is the signed-in user's own.");
    // A passkey names its user itself, or the address typed first does (identifier-first: the
    // challenge is then that user's); a second factor (no user verification) only adds to a
    // signed-in user's session, among that user's credentials: alone it would be a sign-in by
    // possession of a key.
    const named = body.email === undefined ? null : await passkeysOfEmail(deps, body.email, now);
    const userId = isPasskey ? (named?.userId ?? null) : ((await optionalSession(c, deps, now)).session?.user_id ?? null);
    if (!isPasskey && !userId) throw new ApiError('user_unauthenticated');
    const userVerification = userVerificationFor(isPasskey);
    const bound: ChallengeBound = named && !named.userId ? { userVerification, nobody: true } : { userVerification };
    const challenge = await issueChallenge(db, 'webauthn_authentication', { userId, bound, now });
    const allowed = named ? named.allowed : userId ? await listRegistrations(db, userId) : [];
    return ok({ public_key_credential_request_options: { ...(await authenticationOptions(webauthn, { challenge, allowed, userVerification })) } });
  });

  defineRoute(app, passkeyRoutes.authenticate, async (c, { body }) => {
    const duration = requestedSession(config.project, body);
    await enforceClientLimit(deps, c, 'webauthn-authenticate', webauthnPerIp);
    const now = deps.clock();
    const credential = body.public_key_credential as AuthenticationResponseJSON;
    const used = await consumeChallenge(db, 'webauthn_authentication', credential.response.clientDataJSON, now);
    const registration = await findByCredentialId(db, credential.id);
    if (!registration) throw new ApiError('webauthn_registration_not_found');
    // The credential must be the user's the start asked for, and the one the authenticator says it holds for that user.
    const expectedHandle = Buffer.from(userHandle(registration.user_id)).toString('base64url');
    const wrongUser =
      used.bound.nobody === true ||
      (used.userId !== null && used.userId !== registration.user_id) ||
      (credential.response.userHandle !== undefined && credential.response.userHandle !== expectedHandle);
    if (wrongUser) throw new ApiError('invalid_webauthn_response');
    // A second factor's finish carries the session it adds to, as its start did.
    if (used.bound.userVerification !== 'required' && ((await optionalSession(c, deps, now)).session?.user_id ?? null) !== registration.user_id)
      throw new ApiError('user_unauthenticated');
    const newCounter = await deps.heavyWork.run(() =>
      verifyAuthentication(
        webauthn,
        { log: deps.log, requestId: c.get('requestId') },
        {
          response: credential,
          challenge: used.challenge,
          bound: used.bound,
          registration,
          counter: counterOf(registration),
        },
      ),
    );
    if (!(await recordUse(db, registration.webauthn_registration_id, newCounter, now))) throw new ApiError('invalid_webauthn_response');
    return c.json(
      await completeSignIn(deps, {
        requestId: c.get('requestId'),
        client: signInClient(c),
        bearerToken: bearerToken(c),
        userId: registration.user_id,
        factors: [webauthnFactor(registration.webauthn_registration_id, now)],
        ...duration,
        now,
        // A passkey verified its user (a PIN, a fingerprint) besides proving possession: both factors at once.
        bothFactors: used.bound.userVerification === 'required',
      }),
    );
  });

  defineRoute(app, passkeyRoutes.update, sessionAuth(deps), async (c, { body, ok }) => {
    const row = await renameRegistration(db, c.get('session').user_id, body.webauthn_registration_id, body.name);
    if (!row) throw new ApiError('webauthn_registration_not_found');
    return ok({ webauthn_registration: toWebAuthnRegistration(row) });
  });

  defineRoute(app, passkeyRoutes.delete, sessionAuth(deps), async (c, { body, ok }) => {
    const userId = c.get('session').user_id;
    requireRecentSignIn(c.get('session'), deps.clock(), config.project.reauthenticationMinutes);
    await removeWayIn(deps, userId, (trx) => deleteRegistration(trx, userId, body.webauthn_registration_id), 'webauthn_registration_not_found');
    return ok({ user_id: userId });
  });
}
