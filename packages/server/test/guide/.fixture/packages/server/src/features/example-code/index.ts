import type { Feature } from '../../http/feature.js';
import { pruneExampleCodes, removeUserExampleCodes } from './codes.js';
import { exampleCodeConfig } from './config.js';
import { exampleCode as exampleCodeMigration } from './migrations/0026-example-code.js';
import { registerExampleCodeRoutes } from './routes.js';
import { exampleCodesPart } from './user-part.js';

/** Example code: a signed-in user makes a code; the code signs that user in until it expires or every way in is ended. */
export const exampleCode: Feature = {
  name: 'example-code',
  register: registerExampleCodeRoutes,
  config: exampleCodeConfig,
  migrations: { '0026-example-code': exampleCodeMigration },
  userPart: exampleCodesPart,
  revokeUser: removeUserExampleCodes,
  prune: pruneExampleCodes,
};
