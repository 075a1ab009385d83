import type { Kysely } from 'kysely';
import type { CryptoWalletType } from '@vestibule/contract';
import { addWayIn, type WayInAddition } from '../../kernel/account/add-way-in.js';
import type { WaysInCounter } from '../../kernel/account/ways-in.js';
import { createUserWith } from '../../kernel/new-user.js';
import type { UserRevoker } from '../../kernel/sessions/revoke-everywhere.js';
import { newId } from '../../security/random-token.js';
import type { Database } from '../../storage/database.js';
import type { CryptoWalletRow } from './tables.js';

export async function findWallet(db: Kysely<Database>, type: CryptoWalletType, address: string): Promise<CryptoWalletRow | undefined> {
  return db.selectFrom('crypto_wallets').selectAll().where('wallet_type', '=', type).where('address', '=', address).executeTakeFirst();
}

/** Inserts a wallet for `userId`, unless it is someone's already (then undefined: the first insert of parallel ones wins). */
function insertWallet(db: Kysely<Database>, userId: string, input: { type: CryptoWalletType; address: string; now: Date }) {
  return db
    .insertInto('crypto_wallets')
    .values({ crypto_wallet_id: newId('crypto-wallet'), user_id: userId, wallet_type: input.type, address: input.address, created_at: input.now })
    .onConflict((oc) => oc.columns(['wallet_type', 'address']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/**
 * The wallet a verified signature came from, and the user it signs in as. A wallet is an
 * identifier, like an email address: once it belongs to a user it always signs in as that user.
 * A wallet seen for the first time joins the user of the Bearer session the call carried
 * (`attachTo`: adding a wallet to one's account is signing with it while signed in), or else a new
 * active user with no email. Joining a user adds a way in, so it goes through addWayIn: whether
 * the wallet is unknown is decided where it is written, under the account rules (the session still
 * live and recent, no planted password beside an unproven address), not by a look taken before the
 * signature was checked, which a wallet removed meanwhile from another account would get past. A
 * wallet already someone else's never joins the session's user; it signs in as its owner, and
 * completeSignIn then starts a session of its own for that owner rather than adding the factor to
 * the Bearer session of another user.
 */
export async function walletUser(
  db: Kysely<Database>,
  input: { type: CryptoWalletType; address: string; now: Date; attachTo: WayInAddition | null },
): Promise<{ wallet: CryptoWalletRow; attached: boolean }> {
  const known = await findWallet(db, input.type, input.address);
  if (known) return { wallet: known, attached: false };
  const { attachTo } = input;
  const inserted = attachTo
    ? await addWayIn(db, attachTo, (trx) => insertWallet(trx, attachTo.userId, input))
    : // Another request may add the same wallet first: it is that one's, and no user is made.
      ((await createUserWith(db, { status: 'active', now: input.now }, (trx, userId) => insertWallet(trx, userId, input)))?.wayIn ?? null);
  // attached: linked just now to the session's user, rather than found or made with a user of its own.
  if (inserted) return { wallet: inserted, attached: attachTo !== null };
  const existing = await findWallet(db, input.type, input.address);
  if (!existing) throw new Error('Crypto wallet vanished during creation.');
  // A parallel call of the same user linked it first: attached all the same, proving no more than that call.
  return { wallet: existing, attached: existing.user_id === attachTo?.userId };
}

/**
 * Connects a wallet whose signature verified to the session's user (the account page), through
 * addWayIn (the rules checked where it is written). A wallet seen for the first time is added; one
 * already this user's stays as it is (connecting again is no error); one of another user is left
 * to that user: false. Of parallel connections of one new wallet, the first insert wins and the
 * others find it.
 */
export function linkWallet(db: Kysely<Database>, addition: WayInAddition, input: { type: CryptoWalletType; address: string }): Promise<boolean> {
  return addWayIn(db, addition, async (trx) => {
    await insertWallet(trx, addition.userId, { ...input, now: addition.now });
    return (await findWallet(trx, input.type, input.address))?.user_id === addition.userId;
  });
}

/** Removes one of the user's wallets; false when the user has none with that id. */
export async function removeWallet(db: Kysely<Database>, userId: string, walletId: string): Promise<boolean> {
  const row = await db
    .deleteFrom('crypto_wallets')
    .where('crypto_wallet_id', '=', walletId)
    .where('user_id', '=', userId)
    .returning('crypto_wallet_id')
    .executeTakeFirst();
  return Boolean(row);
}

/** Feature.waysIn: each linked wallet signs in on its own. */
export const walletWaysIn: WaysInCounter = async (db, userId) => {
  const row = await db
    .selectFrom('crypto_wallets')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
};

/**
 * Feature.revokeUser: every wallet linked to the user is unlinked when every way in is ended (a
 * password reset, the first proof of an email that removes a planted password). Whoever held the
 * account before may have linked their own wallet with that session, and a linked wallet signs in
 * as its user with no session at all; nothing in the row tells it from the owner's, so none is
 * kept. An unlinked wallet is unknown again: signed with alone it makes a new user of its own, and
 * signed with while signed in it joins that user (the owner links theirs again).
 */
export const unlinkUserWallets: UserRevoker = async (db, userId) => {
  await db.deleteFrom('crypto_wallets').where('user_id', '=', userId).execute();
};
