/**
 * compileFlow(flow) → an XState machine: one state per screen. Screens send events; the transitions,
 * guards, delays and actions declared in the flow decide where to go. Every implementation is named
 * in the one setup() of machine-setup.ts and referenced by name (+ params) from the flow.
 */
import { and, type SnapshotFrom } from 'xstate';
import type { FunnelEvent } from './events.ts';
import { assertFlowVersion } from './flow-version.ts';
import type { Flow, Screen } from './flow-model.ts';
import type { Action } from './flow.gen.ts';
import { machineSetup, screenLookup, visitorOf, type CompileOptions } from './machine-setup.ts';
import { refusalOnScreen } from './refusal.ts';
import { inputOf } from './screen-input.ts';
import { isTimed, passesThrough, timerName } from './timed-visit.ts';

export type { CompileOptions } from './machine-setup.ts';

/** What the visitor reads when submitted work fails and the flow names no message of its own. */
const DEFAULT_ERROR = 'Something went wrong. Please try again.';

/** The state that checks screen `id`'s `requires` on the way in (never rested on, so never shown). */
export function gateOf(id: string): string {
  return `requires:${id}`;
}

export function compileFlow(flow: Flow, options: CompileOptions) {
  return prepareFlowMachine(flow, options)();
}

/**
 * compileFlow in two steps, each a piece of work of its own (a slow phone runs them in two tasks):
 * the machine's configuration is built now, and xstate builds the machine when the result is called.
 */
export function prepareFlowMachine(flow: Flow, options: CompileOptions) {
  assertFlowVersion(flow);
  const screenOf = screenLookup(flow);
  const visitor = visitorOf;
  const funnel = machineSetup(flow, options);

  /** The flow's actions on screen `id`, as references to the named implementations above. */
  const flowActions = (actions: Action[] | undefined, id?: string) =>
    (actions ?? []).flatMap(
      (action): (Action | { type: 'newLead' } | { type: 'saveLead'; params: { screen?: string } })[] =>
        action.type === 'saveLead' ? [{ type: 'newLead' }, { type: 'saveLead', params: { screen: id } }] : [action],
    );

  /**
   * Back to the form whose input the backend refused after the visitor left it, told why by the field.
   * Only a form has inputs to refuse (refusalOnScreen), so only forms get one: fewer transitions to build.
   */
  const forms = Object.keys(flow.screens).filter((id) => screenOf(id).kind === 'form');
  const inputRefused = forms.map((id) => ({
    guard: ({ event }: { event: FunnelEvent }) =>
      event.type === 'INPUT_REFUSED' && event.screen === id && refusalOnScreen(screenOf(id), event) !== null,
    target: `#funnel.${id}`,
    actions: {
      type: 'setError' as const,
      params: ({ event }: { event: FunnelEvent }) => refusalOnScreen(screenOf(id), event) ?? { message: DEFAULT_ERROR },
    },
  }));

  /**
   * Where a transition into `id` goes: the screen itself, or, when it has `requires`, its gate (below),
   * so its rule is checked however the visitor arrives, Continue included.
   */
  const requiresOf = (id: string) => {
    const screen = screenOf(id);
    return 'requires' in screen ? screen.requires : undefined;
  };
  const into = (id: string) => (requiresOf(id) ? `#funnel.${gateOf(id)}` : `#funnel.${id}`);
  /**
   * A screen's gate: a state the visitor only passes through, after the transition's actions have
   * stored what they store (a photo's analysis, storeData), so the rule sees them. It opens the screen
   * when its `requires` rule holds, else its `otherwise`; no entry action, view or lead happens on the
   * way.
   */
  const gates = Object.keys(flow.screens).flatMap((id) => {
    const requires = requiresOf(id);
    if (!requires) return [];
    const gate = funnel.createStateConfig({
      always: [
        { guard: { type: 'ruleHolds', params: { rule: requires.when } }, target: `#funnel.${id}` },
        { target: into(requires.otherwise) },
      ],
    });
    return [[gateOf(id), gate] as const];
  });

  /** Transitions into `id`, honouring its `requires` (used for deep links and Back). */
  const arrive = (id: string) => {
    const screen = screenOf(id);
    const requires = 'requires' in screen ? screen.requires : undefined;
    const onPath = { type: 'pathIs', params: { screen: id } } as const;
    if (!requires) return [{ guard: onPath, target: `#funnel.${id}`, actions: 'rememberPath' }] as const;
    return [
      {
        guard: and([onPath, { type: 'ruleHolds', params: { rule: requires.when } }]),
        target: `#funnel.${id}`,
        actions: 'rememberPath',
      },
      { guard: onPath, target: into(requires.otherwise), actions: 'rememberPath' },
    ] as const;
  };
  // A timed screen without a route (it keeps the previous address) is reopened after a reload only
  // from its stored visit; screens with a route are reopened by their address.
  const resumeRouteless = Object.entries(flow.screens)
    .filter(([, screen]) => isTimed(screen) && screen.route === undefined)
    .map(([id]) => ({ guard: { type: 'resumes', params: { screen: id } }, target: `#funnel.${id}` }) as const);
  const navigation = [
    ...Object.keys(flow.screens).flatMap(arrive),
    { target: `#funnel.${flow.notFound}`, actions: 'rememberPath' },
  ] as const;

  /**
   * Where screen `id` leads: `target` when given, else its `next` (first matching `when` wins). The
   * screen's `continue` actions run on the way; `guardComplete` also requires its input to be complete.
   */
  const leave = (id: string, guardComplete: boolean, target?: string) => {
    const screen = screenOf(id);
    const next = 'next' in screen ? screen.next : undefined;
    const onward = flowActions('continue' in screen ? screen.continue : undefined, id);
    const targets = target
      ? [{ to: target, when: undefined }]
      : typeof next === 'string'
        ? [{ to: next, when: undefined }]
        : (next ?? []);
    return targets.map(({ to, when }) => ({
      target: into(to),
      guard: guardComplete || when !== undefined ? guardFor(id, guardComplete, when) : undefined,
      actions: onward,
    }));
  };

  const guardFor = (id: string, guardComplete: boolean, when: unknown) => {
    const complete = { type: 'canContinue', params: { screen: id } } as const;
    if (!guardComplete) return { type: 'ruleHolds', params: { rule: when } } as const;
    const rule = { type: 'ruleHolds', params: { rule: when, screen: id } } as const;
    // A visitor's Continue also has to belong to this visit of the screen.
    return when === undefined ? and(['thisVisit', complete]) : and(['thisVisit', complete, rule]);
  };

  const stateFor = (id: string) => {
    const screen = screenOf(id);
    const withScreen = { screen: id };
    const submit = 'submit' in screen ? screen.submit : undefined;
    const afterTarget = 'after' in screen ? screen.after : undefined;
    // A timed screen with nowhere to go rests in `done` once its time is up.
    const restsWhenDone = afterTarget !== undefined && !afterTarget.to && !('next' in screen && screen.next);
    const onwardAfter = afterTarget
      ? restsWhenDone
        ? [{ target: '.done', actions: flowActions('continue' in screen ? screen.continue : undefined, id) }]
        : leave(id, false, afterTarget.to)
      : undefined;

    return funnel.createStateConfig({
      entry: [
        { type: 'clearError' },
        ...(screen.kind === 'photo-upload' && screen.chooseAgainMessage
          ? [{ type: 'remindLostPhoto', params: { screen: id, message: screen.chooseAgainMessage } } as const]
          : []),
        { type: 'newVisit', params: withScreen },
        { type: 'trackView', params: withScreen },
        ...flowActions('enter' in screen ? screen.enter : undefined, id),
      ],
      initial: 'ready',
      // A zero delay onto another screen moves on in the same step: the visit still counts (its entry
      // actions run) but never rests, so a page opened on it is drawn as the screen it leads to.
      ...(afterTarget && onwardAfter
        ? passesThrough(screen)
          ? { always: onwardAfter }
          : { after: { [timerName(id)]: onwardAfter } }
        : {}),
      states: {
        ready: {
          on: {
            ...inputOf(screen, withScreen),
            ...withoutPhoto(screen),
            // Leaving ends the visit: a second Continue stamped with it is ignored (no skipped screen).
            CONTINUE: submit
              ? {
                  guard: and(['thisVisit', { type: 'canContinue', params: withScreen }]),
                  target: 'busy',
                  actions: [{ type: 'applyDefaults', params: withScreen }, 'clearError'],
                }
              : leave(id, true).map((t) => ({
                  ...t,
                  actions: [{ type: 'applyDefaults', params: withScreen }, ...t.actions],
                })),
          },
        },
        // Only the states the screen can reach (see screen-input.ts for why that counts).
        ...(submit ? { busy: busyState(id, submit) } : {}),
        ...(restsWhenDone ? { done: {} } : {}),
      },
    });
  };

  const busyState = (id: string, submit: NonNullable<Extract<Screen, { submit?: unknown }>['submit']>) => {
    const onward = leave(id, false);
    const onError =
      submit.onError === 'continue'
        ? onward
        : [
            {
              target: 'ready',
              actions: {
                type: 'setError',
                params: { message: submit.errorMessage ?? DEFAULT_ERROR },
              } as const,
            },
          ];
    if (submit.actor === 'saveLead') {
      // A lead refused for one of this form's inputs never moves on, whatever `onError` says: the
      // visitor sees the backend's reason by that input, corrects it and sends again.
      const fieldOf = (error: unknown) => refusalOnScreen(screenOf(id), error);
      const refused = {
        guard: ({ event }: { event: { error?: unknown } }) => fieldOf(event.error) !== null,
        target: 'ready',
        actions: {
          type: 'setError',
          params: ({ event }: { event: { error?: unknown } }) =>
            fieldOf(event.error) ?? { message: submit.errorMessage ?? DEFAULT_ERROR },
        },
      } as const;
      return funnel.createStateConfig({
        tags: 'busy',
        entry: 'newLead',
        invoke: {
          src: 'saveLead',
          input: ({ context }) => ({ ...visitor(context), leadId: context.leadId ?? crypto.randomUUID() }),
          onDone: onward.map((t) => ({
            ...t,
            actions: [
              { type: 'rememberLead', params: ({ event }) => ({ id: event.output.id }) },
              ...t.actions,
            ],
          })),
          onError: [refused, ...onError],
        },
      });
    }
    return funnel.createStateConfig({
      tags: 'busy',
      invoke: {
        src: 'analyzePhoto',
        input: ({ context }) => ({ image: context.photo, visitor: visitor(context) }),
        onDone: onward.map((t) => ({
          ...t,
          actions: [
            { type: 'storeOutput', params: ({ event }) => ({ key: submit.store, output: event.output }) },
            ...t.actions,
          ],
        })),
        onError: [...refusedOn(id), ...onError],
      },
    });
  };

  /** On a refusal the screen names (no face): back to the screen with its message, photo dropped. */
  const refusedOn = (id: string) => {
    const screen = screenOf(id);
    const refusals = screen.kind === 'photo-upload' ? screen.refusals : undefined;
    if (!refusals) return [];
    const params = { refusals };
    return [{ guard: { type: 'refused', params }, target: 'ready', actions: { type: 'refuse', params } }] as const;
  };

  /** Going on without a refused or lost photo, when the screen offers it. */
  const withoutPhoto = (screen: Screen) =>
    screen.kind === 'photo-upload' && screen.continueWithoutLabel
      ? {
          CONTINUE_WITHOUT: {
            guard: and(['thisVisit', 'hasError']),
            target: 'busy',
            actions: ['clearPhoto', 'clearError'],
          } as const,
        }
      : {};

  const config = {
    id: 'funnel',
    context: ({ input }) => ({
      ...input,
      photo: null,
      error: null,
      errorField: null,
      leadId: null,
      visit: 0,
      enteredAt: 0,
    }),
    initial: 'boot',
    on: { NAVIGATE: navigation, INPUT_REFUSED: inputRefused },
    states: {
      boot: { always: [...resumeRouteless, ...navigation] },
      ...Object.fromEntries(Object.keys(flow.screens).map((id) => [id, stateFor(id)])),
      ...Object.fromEntries(gates),
    },
  } satisfies Parameters<typeof funnel.createMachine>[0];
  return () => funnel.createMachine(config);
}

export type FunnelMachine = ReturnType<typeof compileFlow>;
export type FunnelSnapshot = SnapshotFrom<FunnelMachine>;
