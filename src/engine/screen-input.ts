/**
 * The input events a screen's `ready` state takes: those of its kind, and only those. Every state node
 * and transition is work for xstate when it builds the machine, which a page load does while the
 * visitor may already be tapping (compile-flow.ts). Measured on the first customer's flow (Node, no
 * JIT, as cold code runs): 4.9 ms when every screen took every input and had a busy and a done state,
 * 2.2 ms with only its own input and the states it can reach; in Chromium at 4× CPU the task went from
 * 51-71 ms to 26-52 ms.
 */
import type { Screen } from './flow-model.ts';

export function inputOf(screen: Screen, withScreen: { screen: string }) {
  switch (screen.kind) {
    case 'single-choice':
    case 'multi-select':
      return {
        SELECT_OPTION: { guard: 'thisVisit', actions: { type: 'select', params: withScreen } },
      } as const;
    case 'slider':
      return { SET_VALUE: { actions: { type: 'setValue', params: withScreen } } } as const;
    case 'form':
      return { SET_FIELD: { actions: { type: 'setField', params: withScreen } } } as const;
    case 'photo-upload':
      return {
        PHOTO_SELECTED: { actions: ['setPhoto', 'clearError'] },
        PHOTO_CLEARED: { actions: 'clearPhoto' },
      } as const;
    default:
      return {};
  }
}
