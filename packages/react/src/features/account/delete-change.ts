import type { Change } from '../../account/action';

/** Deletes the account with what the person typed to confirm (its failure shown under that field). */
export const deleteAccount = (confirmation: string): Change => ({ call: (client) => client.account.delete({ confirmation }), field: true });
