/** Example code's part of the flow state: whether its screen is open. */
export interface ExampleCodeSlice {
  exampleCodeOpen: boolean;
}

export type ExampleCodeEvent = { type: 'EXAMPLE_CODE_OPEN' } | { type: 'EXAMPLE_CODE_CLOSE' };

declare module '../../flow/types' {
  interface FeatureStates {
    exampleCode: ExampleCodeSlice;
  }
  interface FeatureEvents {
    exampleCode: ExampleCodeEvent;
  }
  interface FeatureScreens {
    exampleCode: 'ExampleCodeScreen';
  }
  interface SignInMethods {
    exampleCode: true;
  }
}

export const initialExampleCodeSlice: ExampleCodeSlice = { exampleCodeOpen: false };
