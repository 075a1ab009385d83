import type { WebhookEventType } from '@vestibule/contract';

/** Every event type an endpoint may take, in words: a Record, so the compiler asks for each type the contract adds. */
const EVENT_TYPES: Record<WebhookEventType, string> = {
  'user.created': 'A user is created',
  'user.updated': "A user's name, metadata or primary address changes",
  'user.deleted': 'A user is deleted',
  'session.created': 'Someone signs in',
  'session.revoked': 'A session is revoked',
  'email.added': 'An email address is added',
  'email.verified': 'An email address is proven',
  'email.removed': 'An email address is removed',
  'phone_number.added': 'A phone number is added',
  'phone_number.verified': 'A phone number is proven',
  'phone_number.removed': 'A phone number is removed',
  'password.set': 'A password is set or changed',
  'password.removed': 'A password is removed',
  'passkey.added': 'A passkey is added',
  'passkey.removed': 'A passkey is removed',
  'oauth_account.linked': 'A social account is linked',
  'oauth_account.unlinked': 'A social account is unlinked',
  'crypto_wallet.linked': 'A wallet is linked',
  'crypto_wallet.unlinked': 'A wallet is unlinked',
  'two_step.enabled': 'Two-step verification is turned on',
  'two_step.disabled': 'Two-step verification is turned off',
  'two_step.recovery_codes_replaced': 'New recovery codes replace the old ones',
};

export const eventTypes = Object.keys(EVENT_TYPES) as WebhookEventType[];

export const describeEventType = (type: WebhookEventType): string => EVENT_TYPES[type];
