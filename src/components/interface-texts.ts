/**
 * The engine's own words on a screen (the progress bar's name, a rating's "out of 5", the error
 * page…), from the flow's `settings.interface` so a flow in another language has them in it too. Each
 * use site keeps its English default: a flow that says nothing, and a component story, read English.
 * A plain module value, not a React context: one flow runs per page, and FunnelApp sets it as it draws.
 */
import type { InterfaceTexts } from '../engine/flow.gen.ts';

let current: InterfaceTexts | undefined;

/** The words of the flow on show (FunnelApp calls it with the flow in the visit's language). */
export function setInterfaceTexts(texts: InterfaceTexts | undefined): void {
  current = texts;
}

/** The flow's word for `key`, or `english` when the flow gives none. */
export function interfaceText(key: keyof InterfaceTexts, english: string): string {
  return current?.[key] ?? english;
}
