import { useState, type ReactNode } from 'react';
import type { ScreenEvent } from '../engine/events.ts';
import type { Answers, Screen } from '../engine/flow-model.ts';

export interface StoryAnswersProps {
  /** The screen whose answers change (its kind says whether an option toggles or replaces). */
  screen: Screen;
  /** The answers the story starts with (the `answers` arg). */
  answers: Answers;
  /** The story's `send` arg (a spy: events show in the Actions panel and plays can assert them). */
  send: (event: ScreenEvent) => void;
  /** Draws the renderer with the current answers and a `send` that updates them. */
  children: (answers: Answers, send: (event: ScreenEvent) => void) => ReactNode;
}

/**
 * Story-only: in the app the machine keeps the answers, so a renderer alone would ignore every tap.
 * This stands in for the machine's answer bookkeeping only (toggle, choose, set a value, type), so
 * designers can click through a renderer's states; guards, navigation and `canContinue` stay args.
 */
export function StoryAnswers({ screen, answers, send, children }: StoryAnswersProps) {
  const initial = JSON.stringify(answers);
  const [state, setState] = useState({ initial, answers });
  // A changed `answers` arg (Controls) starts again from it.
  const current = state.initial === initial ? state.answers : answers;
  const update = (event: ScreenEvent) => {
    send(event);
    setState({ initial, answers: applyEvent(current, screen, event) });
  };
  return children(current, update);
}

/** The answers after `event`, as the machine's assign actions would store them. */
export function applyEvent(answers: Answers, screen: Screen, event: ScreenEvent): Answers {
  const key = 'answer' in screen ? screen.answer : undefined;
  if (event.type === 'SET_FIELD') return { ...answers, [event.field]: event.value };
  if (key === undefined) return answers;
  if (event.type === 'SET_VALUE') return { ...answers, [key]: event.value };
  if (event.type !== 'SELECT_OPTION') return answers;
  if (screen.kind !== 'multi-select') return { ...answers, [key]: event.value };
  const stored = answers[key];
  const chosen = Array.isArray(stored) ? stored : [];
  const next = chosen.includes(event.value)
    ? chosen.filter((value) => value !== event.value)
    : [...chosen, event.value];
  return { ...answers, [key]: next };
}
