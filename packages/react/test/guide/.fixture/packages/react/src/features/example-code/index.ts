import type { Feature } from '../../flow/feature';
import { reduceExampleCode } from './reducer';
import { ExampleCodeButton } from './screens/ExampleCodeButton';
import { ExampleCodeScreen } from './screens/ExampleCodeScreen';
import { initialExampleCodeSlice } from './state';

/** Example code in the login mount: a button on Main, above every other block, that opens its screen. */
export const exampleCode: Feature = {
  name: 'exampleCode',
  initial: initialExampleCodeSlice,
  reduce: reduceExampleCode,
  screen: (state) => (state.exampleCodeOpen ? 'ExampleCodeScreen' : null),
  screens: { ExampleCodeScreen },
  main: { product: 'exampleCode', block: ExampleCodeButton, order: () => -3 },
};
