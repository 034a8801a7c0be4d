/**
 * The engine's own words on a screen (the progress bar's name, a rating's "out of 5", the error
 * page…), from the flow's `settings.interface` so a flow in another language has them in it too. Each
 * use site keeps its English default: a flow that says nothing, and a component story, read English.
 */
import { createContext, useContext } from 'react';
import type { InterfaceTexts } from '../engine/flow.gen.ts';

export const InterfaceTextsContext = createContext<InterfaceTexts | undefined>(undefined);

/** The flow's word for `key`, or `english` when the flow gives none. */
export function useInterfaceText(key: keyof InterfaceTexts, english: string): string {
  return useContext(InterfaceTextsContext)?.[key] ?? english;
}
