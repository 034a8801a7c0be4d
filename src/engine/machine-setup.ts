/**
 * The one setup() of a flow's machine (see compile-flow.ts): every guard, delay, action and actor the
 * states refer to by name (+ params). Product formulas never appear here: rules and copy come from the
 * flow, the result from `deriveResult`.
 */
import { assign, createMachine, fromPromise, type setup as xstateSetup } from 'xstate';
import { isComplete, selectOption, setFieldValue, setSliderValue, withDefaults } from './answers.ts';
import type { FunnelEvent } from './events.ts';
import type { Flow, Screen } from './flow-model.ts';
import type {
  LogAction,
  PixelAction,
  RedirectAction,
  StoreDataAction,
  TrackJourneyAction,
  TrackStepAction,
} from './flow.gen.ts';
import type { FunnelPorts, VisitorSnapshot } from './ports.ts';
import { refusalMessage } from './photo-refusal.ts';
import { refusalOf } from './refusal.ts';
import { routeTable } from './routes.ts';
import { evaluate, holds } from './rules.ts';
import { createScopeBuilder, type DeriveResult } from './scope.ts';
import { interpolate } from './template.ts';
import { timerDelays } from './timed-visit.ts';
import type { FunnelContext, FunnelInput } from './funnel-context.ts';

/**
 * xstate's setup(), minus what this machine never uses: xstate's own also hands out every action
 * creator (sendTo, log, emit, enqueueActions, spawnChild…), so calling it kept their code in the first
 * screen's bundle (0.7 KB gzip) for nothing. Same types, same machine: the implementations are passed
 * to createMachine exactly as xstate's setup() passes them. It has only the two members compile-flow.ts
 * uses (createStateConfig, createMachine): the type is xstate's, so any other member would fail at run.
 */
const setup = ((implementations: { schemas?: unknown; actors?: object; actions?: object; guards?: object; delays?: object }) => {
  const { schemas, actors, actions, guards, delays } = implementations;
  return {
    createStateConfig: (config: object) => config,
    createMachine: (config: object) =>
      createMachine({ ...config, schemas } as never, { actors, actions, guards, delays } as never),
  };
}) as unknown as typeof xstateSetup;

export interface CompileOptions {
  ports: FunnelPorts;
  /** Derives the computed result (`{result.*}`) from answers and data. */
  deriveResult: DeriveResult;
}

/** The flow's screen `id`; a missing one is a bug in the caller (the checker proves every target). */
export function screenLookup(flow: Flow): (id: string) => Screen {
  return (id) => {
    const screen = flow.screens[id];
    if (!screen) throw new Error(`Flow has no screen "${id}"`);
    return screen;
  };
}

/** What the ports are told of the visitor. */
export function visitorOf(context: FunnelContext): VisitorSnapshot {
  return { sessionId: context.sessionId, answers: context.answers, data: context.data, leadId: context.leadId };
}

export function machineSetup(flow: Flow, options: CompileOptions) {
  const { ports } = options;
  const routes = routeTable(flow);
  const scopeFor = createScopeBuilder(flow.settings, options.deriveResult);
  const screenOf = screenLookup(flow);
  const visitor = visitorOf;

  return setup({
    types: {} as { context: FunnelContext; events: FunnelEvent; input: FunnelInput; tags: 'busy' },
    delays: timerDelays(flow),
    guards: {
      resumes: ({ context }, params: { screen: string }) => context.resume?.screen === params.screen,
      // No path: xstate's snapshot helpers first build the machine's snapshot without any input.
      pathIs: ({ context, event }, params: { screen: string }) => {
        const path: string | undefined = event.type === 'NAVIGATE' ? event.path : context.path;
        return path !== undefined && routes.screenFor(path) === params.screen;
      },
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
        // `visit` is the context: {visit.sessionId} can be a checkout's client_reference_id.
        const url = interpolate(params.url, { ...scopeFor(context), visit: context }, (text, path) =>
          path.startsWith('settings.') ? text : encodeURIComponent(text),
        );
        // flow:check proves the URL starts http(s) (redirect-check.ts); anything else goes nowhere.
        if (/^https?:\/\//.test(url)) ports.navigation.redirect(url);
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
}
