import { sharedListening } from '../helpers/shared-stack.js';
import { describeParallelSteps } from './parallel-cases.js';

/** The parallel second steps (parallel-cases.ts) on the worker's listening server, on its embedded database. */
describeParallelSteps('second steps arriving together, one instance on the embedded database', async () => [await sharedListening()]);
