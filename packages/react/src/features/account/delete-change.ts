import type { Change } from '../../account/action';

/**
 * Deletes the account with what the person typed to confirm (its failure shown under that field).
 * The client ends the local session as soon as the server answers: `deleted` runs in that same
 * moment (the page and the host hear of it before anything is drawn without a user, so neither
 * shows a sign-in in place of 'deleted').
 */
export const deleteAccount = (confirmation: string, deleted: () => void): Change => ({
  call: async (client) => {
    const stop = client.user.onChange((user) => {
      if (user === null) deleted();
    });
    try {
      return await client.account.delete({ confirmation });
    } finally {
      stop();
    }
  },
  field: true,
});
