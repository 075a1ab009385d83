import { afterAll, beforeAll } from 'vitest';
import { closeSharedStacksWhenIdle, keepSharedStacks } from './helpers/shared-stack.js';

// Runs with every server test file (the project's setupFiles): the worker's shared servers stay
// open from one file to the next and close once the worker has no file left.
beforeAll(keepSharedStacks);
afterAll(closeSharedStacksWhenIdle);
