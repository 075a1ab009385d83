/**
 * Everything of the second step that loads lazily, behind one import (one chunk): its screen and
 * its effects. It loads when a sign-in is held for the step.
 */
export { TwoStep } from './screens/TwoStep';
export { request } from './effects';
