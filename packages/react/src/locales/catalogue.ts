/**
 * Every English text the widgets show, as one type: the strings tables (the first screens' and the
 * later screens', src/strings/en.ts), every `*texts.ts` beside a feature or a mount, and the words
 * of the errors a person meets (the client's catalogue, the account page's and two-step
 * verification's). A language is a `Translation` of all of them, keyed by the English text as a
 * host's `strings` are: a text added anywhere and left untranslated, or a translation of a text
 * that is gone, fails to compile. Types only: nothing here reaches a bundle.
 */
import type { NETWORK_ERROR_MESSAGE, UNKNOWN_ERROR_MESSAGE } from '@vestibule/client';
import type { accountErrorCatalogue, errorCatalogue, twoStepErrorCatalogue } from '@vestibule/contract';
import type * as accountPage from '../account/texts';
import type * as account from '../features/account/texts';
import type * as identityProvider from '../features/identity-provider/texts';
import type * as oauthAccount from '../features/oauth/account/texts';
import type * as otpsAccount from '../features/otps/account/texts';
import type * as passkeysAccount from '../features/passkeys/account/texts';
import type * as passkeyRegistration from '../features/passkeys/registration-texts';
import type * as passwordsAccount from '../features/passwords/account/texts';
import type * as twoStepAccount from '../features/two-step/account/texts';
import type * as twoStepAccountUpFront from '../features/two-step/account/up-front-texts';
import type * as twoStepParts from '../features/two-step/parts/texts';
import type * as twoStep from '../features/two-step/texts';
import type * as walletsAccount from '../features/wallets/account/texts';
import type * as wallets from '../features/wallets/texts';
import type { StringTable } from '../strings/en';

/** The texts a module exports: its string constants, and the values of its tables of them. */
type TextsOf<Module> = {
  [Name in keyof Module]: Module[Name] extends string ? Module[Name] : Module[Name] extends object ? Module[Name][keyof Module[Name]] & string : never;
}[keyof Module];

type ErrorWords<Catalogue> = { [Type in keyof Catalogue]: Catalogue[Type] extends { message: infer Message } ? Message : never }[keyof Catalogue];

export type EnglishText =
  | StringTable[keyof StringTable]
  | TextsOf<typeof accountPage>
  | TextsOf<typeof account>
  | TextsOf<typeof identityProvider>
  | TextsOf<typeof oauthAccount>
  | TextsOf<typeof otpsAccount>
  | TextsOf<typeof passkeysAccount>
  | TextsOf<typeof passkeyRegistration>
  | TextsOf<typeof passwordsAccount>
  | TextsOf<typeof twoStepAccount>
  | TextsOf<typeof twoStepAccountUpFront>
  | TextsOf<typeof twoStepParts>
  | TextsOf<typeof twoStep>
  | TextsOf<typeof walletsAccount>
  | TextsOf<typeof wallets>
  | ErrorWords<typeof errorCatalogue>
  | typeof NETWORK_ERROR_MESSAGE
  | typeof UNKNOWN_ERROR_MESSAGE
  | ErrorWords<typeof accountErrorCatalogue>
  | ErrorWords<typeof twoStepErrorCatalogue>;

/** One language: every English text's translation, placeholders ({name}) kept as they are. */
export type Translation = { readonly [Text in EnglishText]: string };
