/**
 * compileFlow(flow) → an XState machine: one state per screen. Screens send events; the transitions,
 * guards, delays and actions declared in the flow decide where to go. Every implementation is named
 * in the one setup() below and referenced by name (+ params) from the flow.
 */
import { and, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { isComplete, selectOption, setFieldValue, setSliderValue, withDefaults } from './answers.ts';
import type { FunnelEvent } from './events.ts';
import { assertFlowVersion } from './flow-version.ts';
import type { Flow, Screen } from './flow-model.ts';
import type {
  Action,
  LogAction,
  PixelAction,
  RedirectAction,
  StoreDataAction,
  TrackJourneyAction,
  TrackStepAction,
} from './flow.gen.ts';
import type { FunnelPorts, VisitorSnapshot } from './ports.ts';
import { refusalMessage } from './photo-refusal.ts';
import { refusalOf, refusalOnScreen } from './refusal.ts';
import { routeTable } from './routes.ts';
import { evaluate, holds } from './rules.ts';
import { createScopeBuilder, type DeriveResult } from './scope.ts';
import { interpolate } from './template.ts';
import { isTimed, timerDelays, timerName } from './timed-visit.ts';
import type { FunnelContext, FunnelInput } from './funnel-context.ts';

/** What the visitor reads when submitted work fails and the flow names no message of its own. */
const DEFAULT_ERROR = 'Something went wrong. Please try again.';

export interface CompileOptions {
  ports: FunnelPorts;
  /** Derives the computed result (`{result.*}`) from answers and data. */
  deriveResult: DeriveResult;
}

export function compileFlow(flow: Flow, options: CompileOptions) {
  assertFlowVersion(flow);
  const { ports } = options;
  const routes = routeTable(flow);
  const scopeFor = createScopeBuilder(flow.settings, options.deriveResult);
  const screenOf = (id: string): Screen => {
    const screen = flow.screens[id];
    if (!screen) throw new Error(`Flow has no screen "${id}"`);
    return screen;
  };
  const visitor = (context: FunnelContext): VisitorSnapshot => ({
    sessionId: context.sessionId,
    answers: context.answers,
    data: context.data,
    leadId: context.leadId,
  });

  const funnel = setup({
    types: {} as { context: FunnelContext; events: FunnelEvent; input: FunnelInput; tags: 'busy' },
    delays: timerDelays(flow),
    guards: {
      resumes: ({ context }, params: { screen: string }) => context.resume?.screen === params.screen,
      pathIs: ({ context, event }, params: { screen: string }) =>
        routes.screenFor(event.type === 'NAVIGATE' ? event.path : context.path) === params.screen,
      // On Continue, `next` rules see the answers as Continue will store them (a slider's default, an
      // empty list), not the moment before: otherwise a rule on an untouched slider reads nothing.
      ruleHolds: ({ context }, params: { rule: unknown; screen?: string }) =>
        holds(
          params.rule,
          scopeFor(
            params.screen === undefined
              ? context
              : { ...context, answers: withDefaults(screenOf(params.screen), context.answers) },
          ),
        ),
      canContinue: ({ context }, params: { screen: string }) =>
        isComplete(screenOf(params.screen), context.answers, context.photo),
      hasError: ({ context }) => context.error !== null,
      refused: ({ event }, params: { refusals: Record<string, string> }) =>
        refusalMessage(params.refusals, 'error' in event ? event.error : undefined) !== undefined,
      thisVisit: ({ context, event }) =>
        !('visit' in event) || event.visit === undefined || event.visit === context.visit,
    },
    actions: {
      newVisit: assign(({ context }, params: { screen: string }) => {
        const resumed = context.resume?.screen === params.screen ? context.resume : undefined;
        // Only the first entry after a reload resumes; later visits start afresh.
        return {
          visit: context.visit + 1,
          enteredAt: resumed?.enteredAt ?? Date.now(),
          resume: undefined,
          lostPhoto: undefined,
        };
      }),
      // After a reload the chosen photo is gone (never stored): say so instead of a silent empty picker.
      remindLostPhoto: assign({
        error: ({ context }, params: { screen: string; message: string }) =>
          context.lostPhoto === params.screen ? interpolate(params.message, scopeFor(context)) : context.error,
      }),
      rememberPath: assign({
        path: ({ context, event }) => (event.type === 'NAVIGATE' ? event.path : context.path),
      }),
      select: assign({
        answers: ({ context, event }, params: { screen: string }) =>
          event.type === 'SELECT_OPTION'
            ? selectOption(screenOf(params.screen), context.answers, event.value)
            : context.answers,
      }),
      setValue: assign({
        answers: ({ context, event }, params: { screen: string }) =>
          event.type === 'SET_VALUE'
            ? setSliderValue(screenOf(params.screen), context.answers, event.value)
            : context.answers,
      }),
      setField: assign({
        answers: ({ context, event }, params: { screen: string }) =>
          event.type === 'SET_FIELD'
            ? setFieldValue(screenOf(params.screen), context.answers, event.field, event.value)
            : context.answers,
      }),
      applyDefaults: assign({
        answers: ({ context }, params: { screen: string }) =>
          withDefaults(screenOf(params.screen), context.answers),
      }),
      setPhoto: assign({
        photo: ({ context, event }) => (event.type === 'PHOTO_SELECTED' ? event.image : context.photo),
      }),
      clearPhoto: assign({ photo: null }),
      setError: assign((_, params: { message: string; field?: string }) => ({
        error: params.message,
        errorField: params.field ?? null,
      })),
      // A form re-entered because its input was refused keeps the message set on the way in.
      clearError: assign(({ event }) => (event.type === 'INPUT_REFUSED' ? {} : { error: null, errorField: null })),
      // The refused photo is dropped, so the picker asks for another one.
      refuse: assign(({ context, event }, params: { refusals: Record<string, string> }) => ({
        error: interpolate(
          refusalMessage(params.refusals, 'error' in event ? event.error : undefined) ?? '',
          scopeFor(context),
        ),
        errorField: null,
        photo: null,
      })),
      rememberLead: assign({ leadId: (_, params: { id: string }) => params.id }),
      storeOutput: assign({
        data: ({ context }, params: { key: string | undefined; output: Record<string, unknown> }) =>
          params.key ? { ...context.data, [params.key]: params.output } : context.data,
      }),
      trackView: ({ context }, params: { screen: string }) => {
        const screen = screenOf(params.screen);
        const track = 'track' in screen ? screen.track : undefined;
        if (track) ports.tracking.screenViewed(track, params.screen, visitor(context));
      },
      storeData: assign({
        data: ({ context }, params: StoreDataAction['params']) => {
          const scope = scopeFor(context);
          // Merging keeps what is already stored under the key (e.g. the backend's id for the record).
          const value: Record<string, unknown> = params.merge ? { ...context.data[params.key] } : {};
          for (const [field, expression] of Object.entries(params.value))
            value[field] = evaluate(expression, scope);
          return { ...context.data, [params.key]: value };
        },
      }),
      // Each save gets its own id before it is sent: the backend writes one row per id however often
      // the send is retried, and the id is known at once (for the ad event's deduplication).
      newLead: assign({ leadId: () => crypto.randomUUID() }),
      saveLead: ({ context, self }, params: { screen?: string } | undefined) => {
        ports.tracking
          .saveLead({ ...visitor(context), leadId: context.leadId ?? crypto.randomUUID() })
          // The tracking port says what became of it (queued for a retry, or refused and kept aside);
          // this only must not claim either. A refused input takes the visitor back to correct it.
          .catch((error: unknown) => {
            const refusal = refusalOf(error);
            ports.log.warn(refusal ? `Lead refused: ${refusal.field} ${refusal.reason}` : 'Lead not saved yet');
            if (refusal && params?.screen) self.send({ type: 'INPUT_REFUSED', screen: params.screen, ...refusal });
          });
      },
      recordFinalClick: ({ context }) => ports.tracking.finalClick(visitor(context)),
      pixel: ({ context }, params: PixelAction['params']) =>
        ports.pixel.track(params, visitor(context)),
      trackStep: ({ context }, params: TrackStepAction['params']) =>
        ports.tracking.stepTracked(params, visitor(context)),
      trackJourney: ({ context }, params: TrackJourneyAction['params']) =>
        ports.tracking.journeyReached(params.step, visitor(context)),
      redirect: ({ context }, params: RedirectAction['params']) => {
        // Settings are trusted configuration (the base URL); everything else is visitor data.
        const url = interpolate(params.url, scopeFor(context), (text, path) =>
          path.startsWith('settings.') ? text : encodeURIComponent(text),
        );
        if (/^https?:\/\//.test(url)) ports.navigation.redirect(url);
        else ports.log.warn(`Refused to redirect to a non-http URL: ${url}`);
      },
      log: ({ context }, params: LogAction['params']) =>
        ports.log.warn(interpolate(params.message, scopeFor(context))),
    },
    actors: {
      saveLead: fromPromise<{ id: string }, VisitorSnapshot & { leadId: string }>(({ input }) =>
        ports.tracking.saveLead(input),
      ),
      analyzePhoto: fromPromise<Record<string, unknown>, { image: string | null; visitor: VisitorSnapshot }>(
        ({ input }) => ports.analysis.analyzePhoto(input.image, input.visitor),
      ),
    },
  });

  /** The flow's actions on screen `id`, as references to the named implementations above. */
  const flowActions = (actions: Action[] | undefined, id?: string) =>
    (actions ?? []).flatMap(
      (action): (Action | { type: 'newLead' } | { type: 'saveLead'; params: { screen?: string } })[] =>
        action.type === 'saveLead' ? [{ type: 'newLead' }, { type: 'saveLead', params: { screen: id } }] : [action],
    );

  /** Back to the form whose input the backend refused after the visitor left it, told why by the field. */
  const inputRefused = Object.keys(flow.screens).map((id) => ({
    guard: ({ event }: { event: FunnelEvent }) =>
      event.type === 'INPUT_REFUSED' && event.screen === id && refusalOnScreen(screenOf(id), event) !== null,
    target: `#funnel.${id}`,
    actions: {
      type: 'setError' as const,
      params: ({ event }: { event: FunnelEvent }) => refusalOnScreen(screenOf(id), event) ?? { message: DEFAULT_ERROR },
    },
  }));

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
      { guard: onPath, target: `#funnel.${requires.otherwise}`, actions: 'rememberPath' },
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
      target: `#funnel.${to}`,
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
    const onwardAfter = afterTarget
      ? afterTarget.to || ('next' in screen && screen.next)
        ? leave(id, false, afterTarget.to)
        : [{ target: '.done', actions: flowActions('continue' in screen ? screen.continue : undefined, id) }]
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
      ...(afterTarget && onwardAfter ? { after: { [timerName(id)]: onwardAfter } } : {}),
      states: {
        ready: {
          on: {
            SELECT_OPTION: { guard: 'thisVisit', actions: { type: 'select', params: withScreen } },
            SET_VALUE: { actions: { type: 'setValue', params: withScreen } },
            SET_FIELD: { actions: { type: 'setField', params: withScreen } },
            PHOTO_SELECTED: { actions: ['setPhoto', 'clearError'] },
            PHOTO_CLEARED: { actions: 'clearPhoto' },
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
        busy: submit ? busyState(id, submit) : {},
        done: {},
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

  return funnel.createMachine({
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
    },
  });
}

export type FunnelMachine = ReturnType<typeof compileFlow>;
export type FunnelSnapshot = SnapshotFrom<FunnelMachine>;
