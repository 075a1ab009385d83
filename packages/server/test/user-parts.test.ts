import { describe, expect, it } from 'vitest';
import { UserSchema, userParts as contractUserParts } from '@vestibule/contract';
import { userParts } from '../src/features/index.js';
import { userPartsInOrder, type UserPart } from '../src/kernel/users.js';
import { sharedHarness } from './helpers/shared-stack.js';
import { uniqueEmail } from './helpers/harness.js';

describe("the User's parts", () => {
  it("come from the features, one for each field of the contract's parts, in the User's order", () => {
    expect(userParts.map((part) => part.field)).toEqual(Object.keys(contractUserParts));
  });

  it('refuse a field no feature reads, or two read', () => {
    const [first, ...rest] = userParts as UserPart[];
    expect(() => userPartsInOrder(rest)).toThrow(`The User's ${first!.field} needs one feature's userPart; 0 give it.`);
    expect(() => userPartsInOrder([first!, ...userParts])).toThrow(`The User's ${first!.field} needs one feature's userPart; 2 give it.`);
  });

  it('make the User the contract describes, its fields in the order it lists them', async () => {
    const harness = await sharedHarness();
    const { user } = await harness.signIn(uniqueEmail());
    expect(Object.keys(user)).toEqual(Object.keys(UserSchema.shape));
    expect(UserSchema.strict().parse(user)).toEqual(user);
    expect(user).toMatchObject({ phone_numbers: [], webauthn_registrations: [], crypto_wallets: [], password: null });
  });
});
