import { join } from 'node:path';
import { insertAfterLast, REPO, replaceInLine } from './tree.js';

/**
 * The throwaway method of docs/adding-a-sign-in-method.md, "example code": where its files are kept
 * (at the paths the guide puts them, under each side's test/guide/.fixture/), and the lines the guide
 * says to add to files that already exist, file by file, as the tests add them. The guide's
 * "(lines added)" blocks must list exactly the lines these edits add.
 */

export const SERVER_FIXTURE = join(REPO, 'packages/server/test/guide/.fixture');
export const WIDGET_FIXTURE = join(REPO, 'packages/react/test/guide/.fixture');

type Edits = Record<string, (text: string) => string>;

export const CONTRACT_EDITS: Edits = {
  'packages/contract/src/routes.ts': (text) => {
    const out = insertAfterLast(text, /^import \{ \w+ \} from '\.\/[\w-]+\.js';$/, "import { exampleCodeRoutes } from './example-code.js';");
    return out
      .replace(/(export const routes: readonly RouteDef\[\] = \[\n(?: {2}.*\n)*)\];/, '$1  ...Object.values(exampleCodeRoutes),\n];')
      .replace('type AnyRoute =\n', 'type AnyRoute =\n  | Values<typeof exampleCodeRoutes>\n');
  },
  'packages/contract/src/index.ts': (text) => insertAfterLast(text, /^export \* from '\.\/[\w-]+\.js';$/, "export * from './example-code.js';"),
  'packages/contract/src/errors.ts': (text) =>
    insertAfterLast(
      text,
      /^const userFacingErrors = \{$/,
      "  unable_to_auth_example_code: { status: 401, message: 'This code does not work (any more). Make a new one while signed in.' },",
    ),
  'packages/contract/src/session.ts': (text) => replaceInLine(text, 'export const authenticationFactorTypes = [', '] as const;', ", 'example_code'] as const;"),
  'packages/contract/src/user-parts.ts': (text) =>
    text.replace(
      /(export const userParts = \{\n(?: {2}.*\n)*)\};/,
      '$1  example_codes: z.array(z.object({ created_at: z.string(), expires_at: z.string() })),\n};',
    ),
};

export const SERVER_EDITS: Edits = {
  'packages/server/src/features/index.ts': (text) => {
    let out = insertAfterLast(text, /^import \{ \w+ \} from '\.\/[\w-]+\/index\.js';$/, "import { exampleCode } from './example-code/index.js';");
    out = out.replace(/(export const features: Feature\[\] = \[\n(?: {2}.*\n)*?)( {2}openapi,\n\];)/, '$1  exampleCode,\n$2');
    out = insertAfterLast(out, /^export type \{\} from '\.\/[\w-]+\/config\.js';$/, "export type {} from './example-code/config.js';");
    return insertAfterLast(out, /^export type \{\} from '\.\/[\w-]+\/tables\.js';$/, "export type {} from './example-code/tables.js';");
  },
};

export const WIDGET_EDITS: Edits = {
  'packages/react/src/mounts/VestibuleLogin.tsx': (text) => {
    const out = insertAfterLast(text, /^import \{ \w+ \} from '\.\.\/features\/[\w-]+';$/, "import { exampleCode } from '../features/example-code';");
    return replaceInLine(out, "export const loginFlow = composeFlow('login', [", ', wallets]', ', wallets, exampleCode]');
  },
  'packages/react/src/types.ts': (text) => replaceInLine(text, 'export type Product = ', "'crypto';", "'crypto' | 'exampleCode';"),
  'packages/react/src/widget/config-fault.ts': (text) => replaceInLine(text, 'export const PRODUCTS = ', 'crypto: 1 }', 'crypto: 1, exampleCode: 1 }'),
  // Its texts in every language the widgets ship, keyed by the English.
  'packages/react/src/locales/de.ts': (text) =>
    insertAfterLast(
      text,
      /^export const translation: Translation = \{$/,
      "  'This code does not work (any more). Make a new one while signed in.': 'Dieser Code funktioniert nicht (mehr). Erstellen Sie einen neuen, während Sie angemeldet sind.',\n  'Use an example code': 'Einen Beispielcode verwenden',\n  'Enter your example code': 'Geben Sie Ihren Beispielcode ein',",
    ),
  'packages/react/src/locales/fr.ts': (text) =>
    insertAfterLast(
      text,
      /^export const translation: Translation = \{$/,
      "  'This code does not work (any more). Make a new one while signed in.': 'Ce code ne fonctionne pas (ou plus). Créez-en un nouveau en étant connecté.',\n  'Use an example code': 'Utiliser un code d’exemple',\n  'Enter your example code': 'Saisissez votre code d’exemple',",
    ),
  'packages/react/src/locales/es.ts': (text) =>
    insertAfterLast(
      text,
      /^export const translation: Translation = \{$/,
      "  'This code does not work (any more). Make a new one while signed in.': 'Este código no funciona (o ya no funciona). Crea uno nuevo con la sesión iniciada.',\n  'Use an example code': 'Usar un código de ejemplo',\n  'Enter your example code': 'Introduce tu código de ejemplo',",
    ),
  'packages/react/src/locales/ja.ts': (text) =>
    insertAfterLast(
      text,
      /^export const translation: Translation = \{$/,
      "  'This code does not work (any more). Make a new one while signed in.': 'このコードは使えません（期限切れの可能性があります）。ログインした状態で新しいコードを作成してください。',\n  'Use an example code': 'サンプルコードを使用',\n  'Enter your example code': 'サンプルコードを入力',",
    ),
  'packages/react/src/locales/pt-BR.ts': (text) =>
    insertAfterLast(
      text,
      /^export const translation: Translation = \{$/,
      "  'This code does not work (any more). Make a new one while signed in.': 'Este código não funciona (mais). Crie um novo enquanto estiver conectado.',\n  'Use an example code': 'Usar um código de exemplo',\n  'Enter your example code': 'Digite seu código de exemplo',",
    ),
  'packages/react/src/locales/ar.ts': (text) =>
    insertAfterLast(
      text,
      /^export const translation: Translation = \{$/,
      "  'This code does not work (any more). Make a new one while signed in.': 'هذا الرمز لا يعمل (بعد الآن). أنشئ رمزًا جديدًا أثناء تسجيل الدخول.',\n  'Use an example code': 'استخدام رمز تجريبي',\n  'Enter your example code': 'أدخل الرمز التجريبي',",
    ),
};
