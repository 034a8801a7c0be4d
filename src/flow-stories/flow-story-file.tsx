/**
 * The CSF of one screen's stories, built from the flow at run time. Storybook loads it through the
 * module scripts/vite-plugin-flow-stories.ts writes per screen; the tests compose it directly.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Flow, Screen } from '../engine/flow-model.ts';
import { FlowScreen, openAt } from './flow-screen.tsx';
import { screenStoryPlan, type Opening, type PlannedStory, type ScreenStories } from './flow-story-plan.ts';
import { visitFor, type SeededVisit } from './seeded-visits.ts';
import { inStoryLanguage, loadStoryLanguage, type StoryLanguage } from './story-language.ts';

/** The args of a flow story: the seeded visit (editable in Controls). */
export interface FlowStoryArgs {
  visit: SeededVisit;
}

type FlowStory = StoryObj<FlowStoryArgs>;

/** One screen's story file: its meta, its stories by export name, and the plan they follow. */
export interface FlowStoryFile {
  meta: Meta<FlowStoryArgs>;
  stories: Partial<Record<PlannedStory['exportName'], FlowStory>>;
  plan: ScreenStories;
}

/** Builds the stories of `screenId` from `flow` (which must include its computations and tables). */
export function flowStoryFile(flow: Flow, screenId: string): FlowStoryFile {
  const plan = screenStoryPlan(flow, screenId);
  const screen = flow.screens[screenId];
  if (!screen) throw new Error(`the flow has no screen "${screenId}"`);
  const meta: Meta<FlowStoryArgs> = {
    title: plan.title,
    parameters: {
      layout: 'fullscreen',
      docs: { description: { component: describe(screenId, screen, plan) } },
    },
    // The funnel reads the address bar when it starts, so the path is set before the story mounts.
    beforeEach: () => openAt(plan.opening.path),
    // The toolbar's language (.storybook/preview.ts): its texts load before the story renders.
    loaders: [async ({ globals }) => ({ language: await loadStoryLanguage(globals['language']) })],
    render: (args, { loaded }) => (
      <FlowScreen
        flow={inStoryLanguage(flow, loaded['language'] as StoryLanguage | undefined)}
        visit={args.visit}
      />
    ),
  };
  const stories: FlowStoryFile['stories'] = {};
  for (const planned of plan.stories) {
    stories[planned.exportName] = {
      name: planned.name,
      args: { visit: visitFor(flow, planned.visit, ownAnswers(screen)) },
      play: showsScreen(plan.opening, shownText(screen)),
    };
  }
  return { meta, stories, plan };
}

/** The answer keys a screen itself writes (left out of its seeded visit). */
export function ownAnswers(screen: Screen): string[] {
  if (screen.kind === 'form') return screen.fields.map((field) => field.name);
  return 'answer' in screen ? [screen.answer] : [];
}

/**
 * Copy that only this screen shows as soon as it is up (no placeholders, so it reads the same for
 * every visit): how a story checks the engine really opened the screen it is named after.
 */
export function shownText(screen: Screen): string | undefined {
  // A screen that moves on at once (an `after` without a delay) is gone before a story can read it.
  if ('after' in screen && !screen.after.delayMs) return undefined;
  const candidates: (string | undefined)[] = [];
  if (screen.kind === 'redirect' || screen.kind === 'calculating') candidates.push(screen.message);
  if (screen.kind === 'not-found') candidates.push(screen.headline);
  if (screen.kind === 'form') candidates.push(...screen.fields.map((field) => field.label));
  if (screen.kind === 'photo-upload') candidates.push(screen.pickLabel);
  if ('question' in screen) candidates.push(screen.question);
  if (screen.kind === 'content' || screen.kind === 'reveal') candidates.push(screen.button);
  return candidates.find((text) => text !== undefined && text.trim() !== '' && !text.includes('{'));
}

function showsScreen(opening: Opening, text: string | undefined): FlowStory['play'] {
  return async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    if (opening.via !== undefined) {
      // A screen without a route: press the button of the screen before it, as a visitor does.
      await userEvent.click(await canvas.findByRole('button', { name: opening.via }));
      await waitFor(() => expect(canvas.queryByRole('button', { name: opening.via })).toBeNull());
    }
    const main = await canvas.findByRole('main');
    if (text !== undefined) await expect(await within(main).findByText(text)).toBeInTheDocument();
  };
}

function describe(screenId: string, screen: Screen, plan: ScreenStories): string {
  const where =
    plan.route ?? (plan.opening.via ? `no route; reached with "${plan.opening.via}"` : 'any other path');
  return `Screen \`${screenId}\` (${screen.kind}) of the flow file, at \`${where}\`, through the real engine with a seeded visit.`;
}
