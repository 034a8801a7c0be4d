/** What the studio and its checker worker send each other. */
import type { FlowCheckResult } from '../engine/flow-edit/check-flow.ts';
import type { FlowGraph } from '../engine/flow-edit/flow-graph.ts';
import type { LanguageFileText } from '../engine/validation/translation-check.ts';

export interface CheckRequest {
  id: number;
  file: string;
  text: string;
  /** The flow's language files, checked with it (absent while they are being read). */
  languageFiles?: readonly LanguageFileText[];
}

export interface CheckResult {
  id: number;
  /** The text that was checked. */
  text: string;
  check: FlowCheckResult;
  /** The map with the findings pinned on it (null when the text is not a flow at all). */
  graph: FlowGraph | null;
  /** How long the check took, in ms. */
  ms: number;
}
