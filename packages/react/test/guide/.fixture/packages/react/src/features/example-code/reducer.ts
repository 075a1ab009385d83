import type { FlowEvent, FlowState } from '../../flow/types';

export function reduceExampleCode(state: FlowState, event: FlowEvent): FlowState {
  switch (event.type) {
    case 'EXAMPLE_CODE_OPEN':
      return { ...state, exampleCodeOpen: true };
    case 'EXAMPLE_CODE_CLOSE':
      return { ...state, exampleCodeOpen: false };
    default:
      return state;
  }
}
