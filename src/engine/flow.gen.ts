/* eslint-disable */
import type { RulesLogic } from 'json-logic-js';
/**
 * GENERATED from schemas/flow.schema.json by `npm run gen:types`. DO NOT EDIT:
 * change the schema and regenerate; a test fails when this file is stale.
 */

/**
 * A BCP 47 language tag, e.g. "en", "es", "ar" or "pt-BR".
 */
export type LanguageTag = string;
/**
 * Id of the screen a visitor sees at `/` and where 'Return to Home' leads.
 */
export type ScreenId = string;
/**
 * Id of the screen shown for any path that matches no route or alias. It must be of kind `not-found`.
 */
export type ScreenId1 = string;
/**
 * A screen of the funnel; `kind` chooses its renderer and the properties it takes.
 */
export type Screen =
  | RedirectScreen
  | ContentScreen
  | MultiSelectScreen
  | SingleChoiceScreen
  | SliderScreen
  | FormScreen
  | CalculatingScreen
  | PhotoUploadScreen
  | RevealScreen
  | NotFoundScreen;
/**
 * Route; leave out for a transient screen that keeps the previous address.
 */
export type Route = string;
/**
 * A path starting with '/', e.g. /quiz/age-selection. May contain {settings.*} placeholders.
 */
export type Route1 = string;
/**
 * Other paths that open this screen (old links from ads); the address bar then shows `route`.
 */
export type Aliases = Route1[];
/**
 * The progress bar: a fraction such as {"step": 2, "of": 13}, or "full".
 */
export type Progress = ProgressFraction | 'full';
/**
 * The message beside the spinner.
 */
export type Template = string;
/**
 * A piece of content. Every block may carry `when` to show it only when a rule holds.
 */
export type Block =
  | HeadingBlock
  | TextBlock
  | LinkBlock
  | ListBlock
  | ImageBlock
  | BeforeAfterBlock
  | BadgeBlock
  | BadgesBlock
  | TestimonialBlock
  | StatsBlock
  | CardsBlock
  | ScoreBarsBlock
  | ComparisonBlock
  | StepsBlock
  | NoteBlock
  | RatingBlock
  | ProfileBlock
  | ChartBlock;
/**
 * The headline.
 */
export type Template1 = string;
/**
 * Small text above the headline.
 */
export type Template2 = string;
/**
 * Show only when this rule holds.
 */
export type Rule = RulesLogic;
/**
 * The paragraph.
 */
export type Template3 = string;
/**
 * Show only when this rule holds.
 */
export type Rule1 = RulesLogic;
/**
 * The link's words.
 */
export type Template4 = string;
/**
 * Show only when this rule holds.
 */
export type Rule2 = RulesLogic;
/**
 * Title above the list.
 */
export type Template5 = string;
/**
 * A list item: plain text, a title with text, or plain text with a `when` rule.
 */
export type ListItem = Template6 | ListItemWithTitle | ListItemWhen;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template6 = string;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template7 = string;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template8 = string;
/**
 * Show only when this rule holds.
 */
export type Rule3 = RulesLogic;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template9 = string;
/**
 * Show only when this rule holds.
 */
export type Rule4 = RulesLogic;
/**
 * Show only when this rule holds.
 */
export type Rule5 = RulesLogic;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template10 = string;
/**
 * Show only when this rule holds.
 */
export type Rule6 = RulesLogic;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template11 = string;
/**
 * Show only when this rule holds.
 */
export type Rule7 = RulesLogic;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template12 = string;
/**
 * Show only when this rule holds.
 */
export type Rule8 = RulesLogic;
/**
 * Show only when this rule holds.
 */
export type Rule9 = RulesLogic;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template13 = string;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template14 = string;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template15 = string;
/**
 * Show only when this rule holds.
 */
export type Rule10 = RulesLogic;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template16 = string;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template17 = string;
/**
 * Show only when this rule holds.
 */
export type Rule11 = RulesLogic;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template18 = string;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template19 = string;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template20 = string;
/**
 * Show only when this rule holds.
 */
export type Rule12 = RulesLogic;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template21 = string;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template22 = string;
/**
 * Show only when this rule holds.
 */
export type Rule13 = RulesLogic;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template23 = string;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template24 = string;
/**
 * Show only when this rule holds.
 */
export type Rule14 = RulesLogic;
/**
 * Show only when this rule holds.
 */
export type Rule15 = RulesLogic;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template25 = string;
/**
 * Show only when this rule holds.
 */
export type Rule16 = RulesLogic;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template26 = string;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template27 = string;
/**
 * Show only when this rule holds.
 */
export type Rule17 = RulesLogic;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template28 = string;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template29 = string;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template30 = string;
/**
 * Show only when this rule holds.
 */
export type Rule18 = RulesLogic;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template31 = string;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template32 = string;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template33 = string;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template34 = string;
/**
 * Show only when this rule holds.
 */
export type Rule19 = RulesLogic;
/**
 * Blocks shown on the screen, in order.
 */
export type Content = Block[];
/**
 * A screen id: lower-case letters, digits and hyphens.
 */
export type ScreenId2 = string;
/**
 * Where Continue leads: a screen id, or a list of guarded targets where the first whose `when` holds wins (the last should have no `when`).
 */
export type Next = ScreenId3 | [GuardedTarget, ...GuardedTarget[]];
/**
 * A screen id: lower-case letters, digits and hyphens.
 */
export type ScreenId3 = string;
/**
 * A screen id: lower-case letters, digits and hyphens.
 */
export type ScreenId4 = string;
/**
 * Condition; leave out for the default target.
 */
export type Rule20 = RulesLogic;
/**
 * Condition that must hold to show this screen.
 */
export type Rule21 = RulesLogic;
/**
 * A screen id: lower-case letters, digits and hyphens.
 */
export type ScreenId5 = string;
/**
 * Journey step reached when the screen shows.
 */
export type JourneyStep = string;
/**
 * Step-view name recorded when the screen shows, e.g. quiz_skin_issues.
 */
export type StepName = string;
/**
 * A side effect, by name. Implementations live in the engine's setup(); the name must be one of these.
 */
export type Action =
  | StoreDataAction
  | SaveLeadAction
  | RecordFinalClickAction
  | PixelAction
  | TrackStepAction
  | TrackJourneyAction
  | RedirectAction
  | LogAction;
/**
 * Step name.
 */
export type StepName1 = string;
/**
 * Journey step.
 */
export type JourneyStep1 = string;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template35 = string;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template36 = string;
/**
 * Actions run when the screen is shown.
 */
export type Actions = Action[];
/**
 * Actions run when the delay ends (e.g. the external redirect).
 */
export type Actions1 = Action[];
/**
 * Blocks shown on the screen, in order.
 */
export type Content1 = Block[];
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template37 = string;
/**
 * Actions run when the screen is shown.
 */
export type Actions2 = Action[];
/**
 * Actions run when the visitor continues.
 */
export type Actions3 = Action[];
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template38 = string;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template39 = string;
/**
 * The choices, in order.
 *
 * @minItems 1
 */
export type Options = [Option, ...Option[]];
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template40 = string;
/**
 * Values this question no longer offers but that stored answers, old links or sample answers may still hold; the computations' tables may score them (flow:check otherwise refuses a table naming a value that is not an option).
 */
export type RetiredValues = string[];
/**
 * Key the answer is stored under in the answers object (e.g. quizData.skinIssues).
 */
export type AnswerKey = string;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template41 = string;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template42 = string;
/**
 * Actions run when the screen is shown.
 */
export type Actions4 = Action[];
/**
 * Actions run when the visitor continues.
 */
export type Actions5 = Action[];
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template43 = string;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template44 = string;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template45 = string;
/**
 * Actions run when the screen is shown.
 */
export type Actions6 = Action[];
/**
 * Actions run when the visitor continues.
 */
export type Actions7 = Action[];
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template46 = string;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template47 = string;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template48 = string;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template49 = string;
/**
 * Actions run when the screen is shown.
 */
export type Actions8 = Action[];
/**
 * Actions run when the visitor continues.
 */
export type Actions9 = Action[];
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template50 = string;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template51 = string;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template52 = string;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template53 = string;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template54 = string;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template55 = string;
/**
 * Actions run when the screen is shown.
 */
export type Actions10 = Action[];
/**
 * Actions run when the visitor continues.
 */
export type Actions11 = Action[];
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template56 = string;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template57 = string;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template58 = string;
/**
 * Actions run when the screen is shown.
 */
export type Actions12 = Action[];
/**
 * Actions run when the visitor continues.
 */
export type Actions13 = Action[];
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template59 = string;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template60 = string;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template61 = string;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template62 = string;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template63 = string;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template64 = string;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template65 = string;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template66 = string;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template67 = string;
/**
 * Blocks shown on the screen, in order.
 */
export type Content2 = Block[];
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template68 = string;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template69 = string;
/**
 * Actions run when the screen is shown.
 */
export type Actions14 = Action[];
/**
 * Actions run when the visitor continues.
 */
export type Actions15 = Action[];
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template70 = string;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template71 = string;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template72 = string;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template73 = string;
/**
 * Blocks shown on the screen, in order.
 */
export type Content3 = Block[];
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template74 = string;
/**
 * Actions run when the screen is shown.
 */
export type Actions16 = Action[];
/**
 * Actions run when the visitor continues.
 */
export type Actions17 = Action[];
/**
 * A path starting with '/', e.g. /quiz/age-selection. May contain {settings.*} placeholders.
 */
export type Route2 = string;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template75 = string;
/**
 * Text shown to the visitor. May contain placeholders such as {answers.age}, {result.skinAge} or {settings.brand}; an unknown placeholder is a validation error.
 */
export type Template76 = string;
/**
 * Actions run when the screen is shown (e.g. log the path).
 */
export type Actions18 = Action[];
/**
 * A journey step of the user_journey_sessions table: one of the names the flow declares in `tracking.journeySteps` (reaching one raises total_steps_completed to its position there). Lowercase letters, digits, _ and -, starting with a letter, at most 63 characters; the backend refuses any other name.
 */
export type JourneyStep2 = string;
/**
 * Key the answer is stored under in the answers object (e.g. quizData.skinIssues).
 */
export type AnswerKey1 = string;
/**
 * Key the answer is stored under in the answers object (e.g. quizData.skinIssues).
 */
export type AnswerKey2 = string;
/**
 * Key the answer is stored under in the answers object (e.g. quizData.skinIssues).
 */
export type AnswerKey3 = string;
/**
 * Key the answer is stored under in the answers object (e.g. quizData.skinIssues).
 */
export type AnswerKey4 = string;
/**
 * Key the answer is stored under in the answers object (e.g. quizData.skinIssues).
 */
export type AnswerKey5 = string;
/**
 * Key the answer is stored under in the answers object (e.g. quizData.skinIssues).
 */
export type AnswerKey6 = string;
/**
 * The name of a computation (a dotted name reads one member of a group, e.g. "overview.volume").
 */
export type ResultName = string;
/**
 * The name of a computation (a dotted name reads one member of a group, e.g. "overview.volume").
 */
export type ResultName1 = string;
/**
 * Save the results only when this rule holds (it reads answers, data and result), e.g. only when the answers they rest on were given: a lead from a form opened by its URL then carries no figure computed from defaults. Without it the results always go with the lead.
 */
export type Rule22 = RulesLogic;
/**
 * A json-logic expression (https://jsonlogic.com) or a plain value: a number, text, list or object.
 */
export type Expression = unknown;
/**
 * A/B tests. Each variant is a list of patches over this flow; `flow:check` proves every variant as a complete flow. A visitor is assigned to one variant per experiment by a hash of the experiment id and her visitor id, so she keeps it across reloads and tabs.
 *
 * @maxItems 10
 */
export type Experiments =
  | []
  | [Experiment]
  | [Experiment, Experiment]
  | [Experiment, Experiment, Experiment]
  | [Experiment, Experiment, Experiment, Experiment]
  | [Experiment, Experiment, Experiment, Experiment, Experiment]
  | [Experiment, Experiment, Experiment, Experiment, Experiment, Experiment]
  | [Experiment, Experiment, Experiment, Experiment, Experiment, Experiment, Experiment]
  | [Experiment, Experiment, Experiment, Experiment, Experiment, Experiment, Experiment, Experiment]
  | [
      Experiment,
      Experiment,
      Experiment,
      Experiment,
      Experiment,
      Experiment,
      Experiment,
      Experiment,
      Experiment,
    ]
  | [
      Experiment,
      Experiment,
      Experiment,
      Experiment,
      Experiment,
      Experiment,
      Experiment,
      Experiment,
      Experiment,
      Experiment,
    ];
/**
 * An experiment or variant id: lower-case letters, digits, _ and -, starting with a letter, at most 63 characters (the database checks the same pattern).
 */
export type ExperimentId = string;

/**
 * A funnel: every screen, its route, copy, options, answer, transitions, delays, guards and tracking. Validated at build time and by `npm run flow:check`.
 */
export interface Flow {
  /**
   * Path to this schema, so editors autocomplete and explain every property.
   */
  $schema?: string;
  /**
   * Version of the flow format. The engine refuses a version it does not know.
   */
  version: 1;
  /**
   * A short name for this funnel (lowercase letters, digits and -, at most 63 characters), used in logs, as the default tracking source and stored with every lead and tracking row.
   */
  id: string;
  languages?: Languages;
  settings: Settings;
  storage: Storage;
  start: ScreenId;
  notFound: ScreenId1;
  screens: Screens;
  tracking?: Tracking;
  theme?: Theme;
  samples?: Samples;
  /**
   * Named tables of data the computations read as {"var": "tables.<name>"}: points per option value, labels, texts. Every weight of the result is visible here or in the computations.
   */
  tables?: {
    [k: string]: unknown;
  };
  /**
   * The result, as named computations evaluated in order: each is a json-logic expression (https://jsonlogic.com) over { answers, data, settings, tables, result }, where result holds the computations above it. Copy reads them as {result.<name>}. A dotted name ("overview.volume") builds a nested value. Registered operations besides json-logic's: lookup, points, pick, rank, clamp, round, band, distinct, without, count, compact, take, number, text, fill (docs/marketers/editing-flows.md).
   */
  computations?: {
    [k: string]: Expression;
  };
  /**
   * Pluggable analyses the flow opts into.
   */
  analyses?: {
    /**
     * The face-photo analysis (analyze-face): its weights are a table, its answers-only assessment a computation.
     */
    photo?: {
      /**
       * The table of the photo weights: markerYears, ageBand, overview, blend.
       */
      weights: string;
      /**
       * The computation holding the assessment estimated from the answers alone (stored when the photo analysis fails, and the base of the photo's).
       */
      assessment: string;
    };
  };
  experiments?: Experiments;
}
/**
 * The languages the flow is shown in. Each one but the default has a file beside the flow, flows/<flow file name>.<language>.json (schema: flow-translation.schema.json), giving the text of every translatable string (marked x-translatable in this schema) by its JSON pointer. `npm run flow:translate -- <flow.json> <language>` writes or updates it; `flow:check` fails on a missing, empty, stale or placeholder-mismatched translation. `default` is the language the flow file itself is written in. Without this section the flow has one language.
 */
export interface Languages {
  default: LanguageTag;
  /**
   * Every language a visitor may get, the default included.
   *
   * @minItems 1
   */
  available: [LanguageTag, ...LanguageTag[]];
  /**
   * Languages still being translated: a missing translation is a warning, not an error, and the language is shown only to a visitor who asks for it with ?lang=, never picked from her phone.
   */
  drafts?: LanguageTag[];
}
/**
 * Values the spec leaves to the business: brand, persona, URLs, pixel, consent. Any setting can be used in copy and routes as {settings.name}.
 */
export interface Settings {
  /**
   * Product brand name, shown in the wordmark.
   */
  brand: string;
  /**
   * URL segment of the brand's transformation page.
   */
  brandSlug?: string;
  /**
   * The doctor persona's display name, e.g. 'Dr. Hayes'.
   */
  doctorName?: string;
  /**
   * URL segment carrying the doctor persona's name.
   */
  doctorSlug?: string;
  /**
   * External recommendation page the final call to action leads to.
   */
  recommendationUrl?: string;
  /**
   * The second external ('1-page') redirect target.
   */
  onePageUrl?: string;
  /**
   * Ad pixel id. Empty: no pixel is loaded.
   */
  pixelId?: string;
  /**
   * Host of the marketing homepage; ad events fire only for visitors referred from it.
   */
  marketingHost?: string;
  /**
   * 'required': nothing goes to the ad provider before the visitor accepts. 'none': no consent banner.
   */
  consent?: 'none' | 'required';
  consentBanner?: ConsentBanner;
  interface?: InterfaceTexts;
  /**
   * Third-party services that receive each lead (spec §7's contact submission helpers), by name. The server posts each full lead to each sink from its queue, signed with the sink's secret; the sink's URL and secret are server configuration (LEAD_SINK_<NAME>_URL, LEAD_SINK_<NAME>_SECRET), never in this file or the browser.
   */
  leadSinks?: LeadSink[];
  /**
   * true: push funnel_screen_view, funnel_answer (the answer's key only, never its value), funnel_lead and funnel_complete to window.dataLayer for Google Tag Manager, with the flow id, version, variant and screen; gated by consent like the pixel.
   */
  dataLayer?: boolean;
  partialLeads?: PartialLeads;
  /**
   * Source marker appended to external redirects.
   */
  source?: string;
  /**
   * Small print shown at the foot of screens with showDisclaimer (e.g. that the result is an estimate, not professional advice). Without it those screens show none.
   */
  disclaimer?: string;
  /**
   * The language numbers are written in (grouping, money, plural words), e.g. "en-US" (the default) or "de-DE".
   */
  locale?: string;
  /**
   * The money of {…:currency} placeholders and of a reveal with "format": "currency": an ISO 4217 code such as "USD".
   */
  currency?: string;
  /**
   * Any further setting, usable as {settings.name}.
   */
  [k: string]:
    | string
    | 'none'
    | 'required'
    | ConsentBanner
    | InterfaceTexts
    | LeadSink[]
    | boolean
    | PartialLeads
    | undefined;
}
/**
 * The consent banner's copy, shown when consent is 'required' and a pixel id is set.
 */
export interface ConsentBanner {
  /**
   * What the visitor agrees to, in a sentence or two.
   */
  text: string;
  /**
   * The accept button's label.
   */
  accept: string;
  /**
   * The decline button's label.
   */
  decline: string;
  /**
   * Shown instead of `text` when she accepts after declining in another tab of the same visit: the refusal stands until she accepts again (default: the engine's own English sentence).
   */
  declinedEarlier?: string;
}
/**
 * The engine's own words on every screen (English when absent), so a flow in another language translates them too.
 */
export interface InterfaceTexts {
  /**
   * The progress bar's name for screen readers (default 'Progress').
   */
  progress?: string;
  /**
   * What a screen reader hears for a star rating; {rating} is the figure (default 'Rated {rating} out of 5').
   */
  rated?: string;
  /**
   * The words after a rating's figure (default 'out of 5').
   */
  outOf?: string;
  /**
   * The chosen photo's alt text on the photo screen (default 'Your chosen photo').
   */
  chosenPhoto?: string;
  /**
   * The headline of the page shown when a screen fails (default 'Sorry, something went wrong on this page.').
   */
  errorHeadline?: string;
  /**
   * Its message (default 'Your answers are kept. Try again, or go back to the start.').
   */
  errorMessage?: string;
  /**
   * Its retry button (default 'Try again').
   */
  errorRetry?: string;
  /**
   * Its link to the start (default 'Back to the start').
   */
  errorRestart?: string;
}
export interface LeadSink {
  /**
   * A generic webhook: POST { leadId, sessionId, flowId, flowVersion, name, email, answers, utm, submittedAt }.
   */
  type: 'webhook';
  /**
   * The sink's name: the server reads LEAD_SINK_<NAME>_URL and LEAD_SINK_<NAME>_SECRET (upper case, '-' as '_').
   */
  name: string;
}
/**
 * Keep a partial lead when a visitor typed a valid email on a form and then left (the page hidden this long, or closed). It is upgraded in place when she completes, and never sent to Meta or the lead sinks as a Lead.
 */
export interface PartialLeads {
  /**
   * Seconds the page must stay hidden before the partial lead is saved.
   */
  afterHiddenSeconds: number;
}
/**
 * Where the funnel keeps a visitor's data in sessionStorage (per tab).
 */
export interface Storage {
  /**
   * sessionStorage key holding all answers as one object, e.g. quizData.
   */
  answersKey: string;
  /**
   * sessionStorage key holding the visitor's random session UUID, created if missing.
   */
  sessionIdKey: string;
  /**
   * Further sessionStorage keys the funnel writes and reads as {data.key}, e.g. assessmentData, contactInfo.
   */
  dataKeys: string[];
  /**
   * The shape each stored data key must have before any screen trusts it (by data key). Stored data that does not fit (corrupt, foreign or forged) is treated as absent; fields not listed are kept as they are.
   */
  dataShapes?: {
    [k: string]: DataShape;
  };
}
/**
 * Fields a stored object must have, and the type and range of the fields it may have.
 */
export interface DataShape {
  /**
   * Fields that must be present, e.g. ["assessed_skin_age"].
   */
  required?: string[];
  /**
   * Field name to its type and range; a listed field that is present must fit.
   */
  fields?: {
    [k: string]: FieldShape;
  };
}
/**
 * The type of one stored field, with an optional range (numbers) or length (text).
 */
export interface FieldShape {
  /**
   * number (finite), text or object.
   */
  type: 'number' | 'text' | 'object';
  /**
   * Smallest number allowed.
   */
  minimum?: number;
  /**
   * Largest number allowed.
   */
  maximum?: number;
  /**
   * Most characters allowed (text).
   */
  maxLength?: number;
}
/**
 * Every screen of the funnel, by id. The id is used in `next`, `to` and `otherwise`.
 */
export interface Screens {
  [k: string]: Screen;
}
/**
 * A short message, then a timed transition or an external redirect (e.g. 'Starting assessment...', 'Creating Your Protocol'). Never kept in browser history.
 */
export interface RedirectScreen {
  /**
   * Screen kind.
   */
  kind: 'redirect';
  route?: Route;
  aliases?: Aliases;
  /**
   * Old ads or links open this screen directly: it counts as reachable even when no transition leads here.
   */
  entry?: boolean;
  progress?: Progress;
  message: Template;
  content?: Content;
  after: After;
  next?: Next;
  requires?: Requires;
  track?: Track;
  enter?: Actions;
  continue?: Actions1;
}
export interface ProgressFraction {
  /**
   * Steps done, shown as the filled part.
   */
  step: number;
  /**
   * Total steps.
   */
  of: number;
}
export interface HeadingBlock {
  /**
   * A headline.
   */
  type: 'heading';
  text: Template1;
  eyebrow?: Template2;
  when?: Rule;
  /**
   * This copy states a cause, a fit or an eligibility: flow:check requires it to sit under a `when` that reads a result (e.g. the band that justifies it), on itself or on its block.
   */
  claim?: boolean;
}
export interface TextBlock {
  /**
   * A paragraph.
   */
  type: 'text';
  text: Template3;
  /**
   * Show the paragraph emphasised.
   */
  emphasis?: boolean;
  when?: Rule1;
  /**
   * This copy states a cause, a fit or an eligibility: flow:check requires it to sit under a `when` that reads a result (e.g. the band that justifies it), on itself or on its block.
   */
  claim?: boolean;
}
export interface LinkBlock {
  /**
   * A link to another page (e.g. a partner offer for visitors the funnel is not for).
   */
  type: 'link';
  text: Template4;
  /**
   * Where it leads: an https:// (or http://) address, a path of this site (/…), or a setting ({settings.partnerUrl}).
   */
  href: string;
  when?: Rule2;
}
export interface ListBlock {
  /**
   * A list.
   */
  type: 'list';
  title?: Template5;
  /**
   * Bullet style.
   */
  style?: 'bullet' | 'check' | 'number' | 'cross';
  /**
   * The list items.
   *
   * @minItems 1
   */
  items: [ListItem, ...ListItem[]];
  when?: Rule5;
  /**
   * This copy states a cause, a fit or an eligibility: flow:check requires it to sit under a `when` that reads a result (e.g. the band that justifies it), on itself or on its block.
   */
  claim?: boolean;
}
export interface ListItemWithTitle {
  title: Template7;
  text?: Template8;
  when?: Rule3;
  /**
   * This copy states a cause, a fit or an eligibility: flow:check requires it to sit under a `when` that reads a result (e.g. the band that justifies it), on itself or on its block.
   */
  claim?: boolean;
}
/**
 * Plain text shown only when its rule holds (no bold title).
 */
export interface ListItemWhen {
  text: Template9;
  when: Rule4;
}
export interface ImageBlock {
  /**
   * An image.
   */
  type: 'image';
  image: Image;
  /**
   * "full" (default): the column's width. "small": a small round portrait with its caption beside it, so a persona never pushes a question below the first screen.
   */
  size?: 'full' | 'small';
  when?: Rule6;
  /**
   * This copy states a cause, a fit or an eligibility: flow:check requires it to sit under a `when` that reads a result (e.g. the band that justifies it), on itself or on its block.
   */
  claim?: boolean;
}
/**
 * The image.
 */
export interface Image {
  /**
   * Path or URL.
   */
  src: string;
  /**
   * Alternative text for screen readers.
   */
  alt: string;
  caption?: Template10;
  /**
   * A placeholder that is not the real thing (a cartoon, stock art): shown with a visible 'Sample image' mark, and `flow:check` warns (fails with --strict) until it is replaced and this is removed. Never let placeholder art pass as proof.
   */
  sample?: boolean;
}
export interface BeforeAfterBlock {
  /**
   * A before/after pair of images.
   */
  type: 'before-after';
  before: Image1;
  after: Image2;
  caption?: Template11;
  when?: Rule7;
  /**
   * This copy states a cause, a fit or an eligibility: flow:check requires it to sit under a `when` that reads a result (e.g. the band that justifies it), on itself or on its block.
   */
  claim?: boolean;
}
/**
 * The before image.
 */
export interface Image1 {
  /**
   * Path or URL.
   */
  src: string;
  /**
   * Alternative text for screen readers.
   */
  alt: string;
  caption?: Template10;
  /**
   * A placeholder that is not the real thing (a cartoon, stock art): shown with a visible 'Sample image' mark, and `flow:check` warns (fails with --strict) until it is replaced and this is removed. Never let placeholder art pass as proof.
   */
  sample?: boolean;
}
/**
 * The after image.
 */
export interface Image2 {
  /**
   * Path or URL.
   */
  src: string;
  /**
   * Alternative text for screen readers.
   */
  alt: string;
  caption?: Template10;
  /**
   * A placeholder that is not the real thing (a cartoon, stock art): shown with a visible 'Sample image' mark, and `flow:check` warns (fails with --strict) until it is replaced and this is removed. Never let placeholder art pass as proof.
   */
  sample?: boolean;
}
export interface BadgeBlock {
  /**
   * A small badge, e.g. 'Qualified for Treatment'.
   */
  type: 'badge';
  text: Template12;
  /**
   * Colour.
   */
  tone?: 'success' | 'info' | 'warning' | 'neutral';
  when?: Rule8;
  /**
   * This copy states a cause, a fit or an eligibility: flow:check requires it to sit under a `when` that reads a result (e.g. the band that justifies it), on itself or on its block.
   */
  claim?: boolean;
}
export interface BadgesBlock {
  /**
   * A row of trust badges.
   */
  type: 'badges';
  /**
   * Badge texts.
   *
   * @minItems 1
   */
  items: [Template6, ...Template6[]];
  when?: Rule9;
  /**
   * This copy states a cause, a fit or an eligibility: flow:check requires it to sit under a `when` that reads a result (e.g. the band that justifies it), on itself or on its block.
   */
  claim?: boolean;
}
export interface TestimonialBlock {
  /**
   * A customer quote.
   */
  type: 'testimonial';
  quote: Template13;
  author: Template14;
  detail?: Template15;
  /**
   * Stars out of 5.
   */
  rating?: number;
  when?: Rule10;
  /**
   * This copy states a cause, a fit or an eligibility: flow:check requires it to sit under a `when` that reads a result (e.g. the band that justifies it), on itself or on its block.
   */
  claim?: boolean;
}
export interface StatsBlock {
  /**
   * A row of figures, e.g. '3,000+ women'.
   */
  type: 'stats';
  /**
   * The figures.
   *
   * @minItems 1
   */
  items: [Stat, ...Stat[]];
  when?: Rule11;
  /**
   * This copy states a cause, a fit or an eligibility: flow:check requires it to sit under a `when` that reads a result (e.g. the band that justifies it), on itself or on its block.
   */
  claim?: boolean;
}
export interface Stat {
  value: Template16;
  label: Template17;
}
export interface CardsBlock {
  /**
   * Cards with a title, a value and a text (e.g. Age Factor, a clinical finding).
   */
  type: 'cards';
  /**
   * The cards.
   *
   * @minItems 1
   */
  items: [Card, ...Card[]];
  when?: Rule12;
  /**
   * This copy states a cause, a fit or an eligibility: flow:check requires it to sit under a `when` that reads a result (e.g. the band that justifies it), on itself or on its block.
   */
  claim?: boolean;
}
export interface Card {
  title: Template18;
  value?: Template19;
  text?: Template20;
  /**
   * Colour.
   */
  tone?: 'success' | 'info' | 'warning' | 'neutral';
}
export interface ScoreBarsBlock {
  /**
   * Score bars, coloured by thresholds.
   */
  type: 'score-bars';
  /**
   * The top of the scale, e.g. 10.
   */
  max: number;
  /**
   * At or above: green.
   */
  good: number;
  /**
   * At or above (and below good): orange; below: red.
   */
  fair: number;
  /**
   * The bars.
   *
   * @minItems 1
   */
  items: [ScoreBarItem, ...ScoreBarItem[]];
  when?: Rule13;
  /**
   * This copy states a cause, a fit or an eligibility: flow:check requires it to sit under a `when` that reads a result (e.g. the band that justifies it), on itself or on its block.
   */
  claim?: boolean;
}
export interface ScoreBarItem {
  label: Template21;
  value: Template22;
}
export interface ComparisonBlock {
  /**
   * Two or more big figures side by side, e.g. skin age vs real age.
   */
  type: 'comparison';
  /**
   * The figures, highlighted first.
   *
   * @minItems 2
   */
  items: [ComparisonItem, ComparisonItem, ...ComparisonItem[]];
  when?: Rule14;
  /**
   * This copy states a cause, a fit or an eligibility: flow:check requires it to sit under a `when` that reads a result (e.g. the band that justifies it), on itself or on its block.
   */
  claim?: boolean;
}
export interface ComparisonItem {
  label: Template23;
  value: Template24;
}
export interface StepsBlock {
  /**
   * A step indicator, e.g. Analysis, Diagnosis, Treatment.
   */
  type: 'steps';
  /**
   * Step names.
   *
   * @minItems 2
   */
  items: [Template6, Template6, ...Template6[]];
  /**
   * Index (from 0) of the current step.
   */
  current: number;
  when?: Rule15;
  /**
   * This copy states a cause, a fit or an eligibility: flow:check requires it to sit under a `when` that reads a result (e.g. the band that justifies it), on itself or on its block.
   */
  claim?: boolean;
}
export interface NoteBlock {
  /**
   * A highlighted note.
   */
  type: 'note';
  text: Template25;
  /**
   * Colour.
   */
  tone?: 'success' | 'info' | 'warning' | 'neutral';
  when?: Rule16;
  /**
   * This copy states a cause, a fit or an eligibility: flow:check requires it to sit under a `when` that reads a result (e.g. the band that justifies it), on itself or on its block.
   */
  claim?: boolean;
}
export interface RatingBlock {
  /**
   * An average rating: stars, the figure out of 5 and what it is based on.
   */
  type: 'rating';
  value: Template26;
  count?: Template27;
  when?: Rule17;
  /**
   * This copy states a cause, a fit or an eligibility: flow:check requires it to sit under a `when` that reads a result.
   */
  claim?: boolean;
}
export interface ProfileBlock {
  /**
   * A person's card: initials, name and credentials (a portrait can be added with `image`).
   */
  type: 'profile';
  person: Template28;
  credentials?: Template29;
  text?: Template30;
  image?: Image3;
  when?: Rule18;
  /**
   * This copy states a cause, a fit or an eligibility: flow:check requires it to sit under a `when` that reads a result.
   */
  claim?: boolean;
}
/**
 * A real portrait; without it the card shows the name's initials.
 */
export interface Image3 {
  /**
   * Path or URL.
   */
  src: string;
  /**
   * Alternative text for screen readers.
   */
  alt: string;
  caption?: Template10;
  /**
   * A placeholder that is not the real thing (a cartoon, stock art): shown with a visible 'Sample image' mark, and `flow:check` warns (fails with --strict) until it is replaced and this is removed. Never let placeholder art pass as proof.
   */
  sample?: boolean;
}
export interface ChartBlock {
  /**
   * Horizontal bars comparing a few figures (e.g. a projection), each with its label and value.
   */
  type: 'chart';
  title?: Template31;
  caption?: Template32;
  /**
   * The bars, in order.
   *
   * @minItems 1
   * @maxItems 6
   */
  items:
    | [
        {
          label: Template33;
          value: Template34;
          /**
           * Draw this bar in the accent colour.
           */
          highlight?: boolean;
        },
      ]
    | [
        {
          label: Template33;
          value: Template34;
          /**
           * Draw this bar in the accent colour.
           */
          highlight?: boolean;
        },
        {
          label: Template33;
          value: Template34;
          /**
           * Draw this bar in the accent colour.
           */
          highlight?: boolean;
        },
      ]
    | [
        {
          label: Template33;
          value: Template34;
          /**
           * Draw this bar in the accent colour.
           */
          highlight?: boolean;
        },
        {
          label: Template33;
          value: Template34;
          /**
           * Draw this bar in the accent colour.
           */
          highlight?: boolean;
        },
        {
          label: Template33;
          value: Template34;
          /**
           * Draw this bar in the accent colour.
           */
          highlight?: boolean;
        },
      ]
    | [
        {
          label: Template33;
          value: Template34;
          /**
           * Draw this bar in the accent colour.
           */
          highlight?: boolean;
        },
        {
          label: Template33;
          value: Template34;
          /**
           * Draw this bar in the accent colour.
           */
          highlight?: boolean;
        },
        {
          label: Template33;
          value: Template34;
          /**
           * Draw this bar in the accent colour.
           */
          highlight?: boolean;
        },
        {
          label: Template33;
          value: Template34;
          /**
           * Draw this bar in the accent colour.
           */
          highlight?: boolean;
        },
      ]
    | [
        {
          label: Template33;
          value: Template34;
          /**
           * Draw this bar in the accent colour.
           */
          highlight?: boolean;
        },
        {
          label: Template33;
          value: Template34;
          /**
           * Draw this bar in the accent colour.
           */
          highlight?: boolean;
        },
        {
          label: Template33;
          value: Template34;
          /**
           * Draw this bar in the accent colour.
           */
          highlight?: boolean;
        },
        {
          label: Template33;
          value: Template34;
          /**
           * Draw this bar in the accent colour.
           */
          highlight?: boolean;
        },
        {
          label: Template33;
          value: Template34;
          /**
           * Draw this bar in the accent colour.
           */
          highlight?: boolean;
        },
      ]
    | [
        {
          label: Template33;
          value: Template34;
          /**
           * Draw this bar in the accent colour.
           */
          highlight?: boolean;
        },
        {
          label: Template33;
          value: Template34;
          /**
           * Draw this bar in the accent colour.
           */
          highlight?: boolean;
        },
        {
          label: Template33;
          value: Template34;
          /**
           * Draw this bar in the accent colour.
           */
          highlight?: boolean;
        },
        {
          label: Template33;
          value: Template34;
          /**
           * Draw this bar in the accent colour.
           */
          highlight?: boolean;
        },
        {
          label: Template33;
          value: Template34;
          /**
           * Draw this bar in the accent colour.
           */
          highlight?: boolean;
        },
        {
          label: Template33;
          value: Template34;
          /**
           * Draw this bar in the accent colour.
           */
          highlight?: boolean;
        },
      ];
  when?: Rule19;
  /**
   * This copy states a cause, a fit or an eligibility: flow:check requires it to sit under a `when` that reads a result.
   */
  claim?: boolean;
}
/**
 * A transition that happens by itself after a delay, e.g. the 4 s calculating step.
 */
export interface After {
  /**
   * Delay in milliseconds. Leave out (or 0) to move on as soon as the screen is shown: it then stays up only while the next screen's code loads, e.g. a 'Starting...' screen.
   */
  delayMs?: number;
  to?: ScreenId2;
}
/**
 * A target taken when its rule holds.
 */
export interface GuardedTarget {
  to: ScreenId4;
  when?: Rule20;
}
/**
 * Data a screen needs. When the rule does not hold (deep link, reload without data), the visitor is sent to `otherwise`.
 */
export interface Requires {
  when: Rule21;
  otherwise: ScreenId5;
}
/**
 * What showing this screen records.
 */
export interface Track {
  journey?: JourneyStep;
  step?: StepName;
  /**
   * The flow step the step view counts under (default 1).
   */
  stepNumber?: number;
  /**
   * A success end (e.g. a hand-off to a partner page): a session whose views end on this screen has converted, so the report counts it as a goal, never as a drop-off. Needs `step`.
   */
  goal?: boolean;
}
export interface StoreDataAction {
  /**
   * Store an object in sessionStorage under a data key.
   */
  type: 'storeData';
  /**
   * What to store.
   */
  params: {
    /**
     * One of storage.dataKeys.
     */
    key: string;
    /**
     * Field name to json-logic expression, e.g. {"age": {"var": "answers.age"}}.
     */
    value: {
      [k: string]: unknown;
    };
    /**
     * Keep the fields already stored under the key (e.g. an id from the backend) and set only these; without it the stored object is replaced.
     */
    merge?: boolean;
  };
}
export interface SaveLeadAction {
  /**
   * Save the lead (name, email and answers) in the background; it is never lost.
   */
  type: 'saveLead';
}
export interface RecordFinalClickAction {
  /**
   * Record the final call-to-action click.
   */
  type: 'recordFinalClick';
}
export interface PixelAction {
  /**
   * Send an ad pixel event (subject to referrer gating and consent).
   */
  type: 'pixel';
  /**
   * The event.
   */
  params: {
    /**
     * Event name.
     */
    event: 'Lead' | 'CompleteRegistration';
    data?: PixelEventData;
  };
}
/**
 * The event's parameters, sent as they are, e.g. { "content_name": "Assessment", "value": 1, "currency": "USD" }. Never put personal data here.
 */
export interface PixelEventData {
  content_name?: string;
  content_category?: string;
  value?: number;
  /**
   * ISO 4217 code, e.g. USD.
   */
  currency?: string;
}
export interface TrackStepAction {
  /**
   * Record a named step (e.g. treatment-projection-completed).
   */
  type: 'trackStep';
  /**
   * The step.
   */
  params: {
    name: StepName1;
    /**
     * Step number.
     */
    number: number;
    /**
     * Whether the step counts as completed.
     */
    completed: boolean;
  };
}
export interface TrackJourneyAction {
  /**
   * Record that the visitor reached a journey step (e.g. form_completed after a form is sent).
   */
  type: 'trackJourney';
  /**
   * The step.
   */
  params: {
    step: JourneyStep1;
  };
}
export interface RedirectAction {
  /**
   * Leave the funnel for an external page.
   */
  type: 'redirect';
  /**
   * Where to.
   */
  params: {
    url: Template35;
  };
}
export interface LogAction {
  /**
   * Write a message to the console (never personal data).
   */
  type: 'log';
  /**
   * The message.
   */
  params: {
    message: Template36;
  };
}
/**
 * Copy, images and a button: education, bridge, results, plan, social proof, call to action.
 */
export interface ContentScreen {
  /**
   * Screen kind.
   */
  kind: 'content';
  route: Route1;
  aliases?: Aliases;
  /**
   * Old ads or links open this screen directly: it counts as reachable even when no transition leads here.
   */
  entry?: boolean;
  progress?: Progress;
  content: Content;
  footer?: Content1;
  button: Template37;
  next: Next;
  requires?: Requires;
  track?: Track;
  enter?: Actions2;
  continue?: Actions3;
  /**
   * Show settings.disclaimer (for screens presenting a result).
   */
  showDisclaimer?: boolean;
  sampleAnswers?: SampleAnswers;
}
/**
 * Answers used for this screen's copy and results when the visitor has none stored (e.g. a deep link).
 */
export interface SampleAnswers {
  /**
   * An answer.
   */
  [k: string]: string | number | string[];
}
/**
 * A question with options that toggle on and off. Options like 'None of these' are ordinary options.
 */
export interface MultiSelectScreen {
  /**
   * Screen kind.
   */
  kind: 'multi-select';
  route: Route1;
  aliases?: Aliases;
  /**
   * Old ads or links open this screen directly: it counts as reachable even when no transition leads here.
   */
  entry?: boolean;
  progress?: Progress;
  content?: Content;
  question: Template38;
  hint?: Template39;
  options: Options;
  retiredValues?: RetiredValues;
  answer: AnswerKey;
  /**
   * Least number of options to choose before Continue (0: none needed).
   */
  minSelected?: number;
  selectedNote?: Template41;
  button: Template42;
  next: Next;
  requires?: Requires;
  track?: Track;
  enter?: Actions4;
  continue?: Actions5;
}
/**
 * A choice.
 */
export interface Option {
  /**
   * What is stored when chosen.
   */
  value: string;
  label: Template40;
}
/**
 * A question with one answer.
 */
export interface SingleChoiceScreen {
  /**
   * Screen kind.
   */
  kind: 'single-choice';
  route: Route1;
  aliases?: Aliases;
  /**
   * Old ads or links open this screen directly: it counts as reachable even when no transition leads here.
   */
  entry?: boolean;
  progress?: Progress;
  content?: Content;
  question: Template43;
  hint?: Template44;
  options: Options;
  retiredValues?: RetiredValues;
  answer: AnswerKey;
  /**
   * A choice is needed before Continue (default true).
   */
  required?: boolean;
  button: Template45;
  next: Next;
  requires?: Requires;
  track?: Track;
  enter?: Actions6;
  continue?: Actions7;
}
/**
 * A number chosen on a slider, e.g. age 35 to 65.
 */
export interface SliderScreen {
  /**
   * Screen kind.
   */
  kind: 'slider';
  route: Route1;
  aliases?: Aliases;
  /**
   * Old ads or links open this screen directly: it counts as reachable even when no transition leads here.
   */
  entry?: boolean;
  progress?: Progress;
  content?: Content;
  question: Template46;
  hint?: Template47;
  answer: AnswerKey;
  /**
   * Smallest value.
   */
  min: number;
  /**
   * Largest value.
   */
  max: number;
  /**
   * Step between values.
   */
  step: number;
  /**
   * Value before the visitor moves the slider; stored if she continues without moving it.
   */
  default: number;
  unit?: Template48;
  button: Template49;
  next: Next;
  requires?: Requires;
  track?: Track;
  enter?: Actions8;
  continue?: Actions9;
}
/**
 * Fields such as name and email. The button is enabled only when every field's rules hold.
 */
export interface FormScreen {
  /**
   * Screen kind.
   */
  kind: 'form';
  route: Route1;
  aliases?: Aliases;
  /**
   * Old ads or links open this screen directly: it counts as reachable even when no transition leads here.
   */
  entry?: boolean;
  progress?: Progress;
  content?: Content;
  /**
   * The fields.
   *
   * @minItems 1
   */
  fields: [Field, ...Field[]];
  button: Template52;
  disabledButton?: Template53;
  busyButton?: Template54;
  privacyNote?: Template55;
  submit?: Submit;
  next: Next;
  requires?: Requires;
  track?: Track;
  enter?: Actions10;
  continue?: Actions11;
}
/**
 * A form field; its value is stored as the answer of the same name.
 */
export interface Field {
  /**
   * Answer key the value is stored under, e.g. email.
   */
  name: string;
  label: Template50;
  /**
   * Input type: 'email' uses the shared email rule; 'tel' a phone number (digits, spaces, + ( ) . -); 'number' a number within min and max; 'select' one of `options`; 'checkbox' a tick box (stored as "yes" when ticked; `required` makes it a consent that must be ticked). Every rule is checked the same way by the browser and by save_quiz_completion.
   */
  type: 'text' | 'email' | 'tel' | 'number' | 'select' | 'checkbox';
  /**
   * A regular expression the whole trimmed value must match (e.g. a ZIP code: "[0-9]{5}(-[0-9]{4})?"). Only the syntax JavaScript and PostgreSQL read alike: literals, [classes], \d, groups (…) and (?:…), | and the quantifiers ? * + {n,m}; no lookaround, backreferences or other escapes. Not for select or checkbox fields.
   */
  pattern?: string;
  /**
   * What the field says beside a value that breaks its rule (pattern, tel, number range), and what the server's refusal says, e.g. 'Enter a 5-digit ZIP code'.
   */
  message?: string;
  /**
   * A number field's smallest accepted value.
   */
  min?: number;
  /**
   * A number field's largest accepted value.
   */
  max?: number;
  /**
   * A select field's choices; the stored answer is the chosen value.
   *
   * @minItems 1
   * @maxItems 200
   */
  options?: [
    {
      /**
       * Stored value.
       */
      value: string;
      /**
       * What the visitor sees.
       */
      label: string;
    },
    ...{
      /**
       * Stored value.
       */
      value: string;
      /**
       * What the visitor sees.
       */
      label: string;
    }[],
  ];
  placeholder?: Template51;
  /**
   * Browser autofill hint, e.g. given-name, email.
   */
  autocomplete?: string;
  /**
   * Must not be blank after trimming.
   */
  required?: boolean;
  /**
   * Text the value must contain, e.g. '@'.
   */
  mustContain?: string;
  /**
   * Longest accepted value.
   */
  maxLength?: number;
}
/**
 * Work Continue waits for before leaving the screen (the button shows busy).
 */
export interface Submit {
  /**
   * saveLead: save the lead; analyzePhoto: analyse the chosen photo.
   */
  actor: 'saveLead' | 'analyzePhoto';
  /**
   * Data key (one of storage.dataKeys) that receives the work's result.
   */
  store?: string;
  /**
   * Shown to the visitor when the work fails and onError is 'stay'.
   */
  errorMessage?: string;
  /**
   * 'stay': show errorMessage and let the visitor try again; 'continue': go on anyway.
   */
  onError?: 'stay' | 'continue';
}
/**
 * A spinner that advances by itself; a Continue button appears when the spinner ends.
 */
export interface CalculatingScreen {
  /**
   * Screen kind.
   */
  kind: 'calculating';
  route: Route1;
  aliases?: Aliases;
  /**
   * Old ads or links open this screen directly: it counts as reachable even when no transition leads here.
   */
  entry?: boolean;
  progress?: Progress;
  content?: Content;
  message: Template56;
  doneMessage?: Template57;
  /**
   * How long the spinner runs before Continue appears.
   */
  spinnerMs: number;
  after: After;
  button: Template58;
  next: Next;
  requires?: Requires;
  track?: Track;
  enter?: Actions12;
  continue?: Actions13;
}
/**
 * Photo picker with preview; Continue analyses the photo while an overlay shows progress.
 */
export interface PhotoUploadScreen {
  /**
   * Screen kind.
   */
  kind: 'photo-upload';
  route: Route1;
  aliases?: Aliases;
  /**
   * Old ads or links open this screen directly: it counts as reachable even when no transition leads here.
   */
  entry?: boolean;
  progress?: Progress;
  content?: Content;
  pickLabel?: Template59;
  changeLabel?: Template60;
  hint?: Template61;
  formats?: Template62;
  /**
   * Largest accepted file in bytes.
   */
  maxBytes?: number;
  tooLargeMessage?: Template63;
  notImageMessage?: Template64;
  chooseAgainMessage?: Template65;
  /**
   * What to tell the visitor when the analysis refuses her photo, by the refusal's code (e.g. no_face). She stays on this screen, can choose another photo or continue without one.
   */
  refusals?: {
    [k: string]: Template6;
  };
  retryLabel?: Template66;
  continueWithoutLabel?: Template67;
  /**
   * Tips for a good photo.
   */
  checklist?: Template6[];
  footer?: Content2;
  overlay: AnalysisOverlay;
  button: Template69;
  submit: Submit;
  next: Next;
  requires?: Requires;
  track?: Track;
  enter?: Actions14;
  continue?: Actions15;
}
/**
 * The overlay while the photo is analysed.
 */
export interface AnalysisOverlay {
  title: Template68;
  /**
   * Rows that advance one by one.
   *
   * @minItems 1
   */
  markers: [Template6, ...Template6[]];
  /**
   * Percent added to the bar each tick.
   */
  progressStep: number;
  /**
   * Milliseconds between bar ticks.
   */
  progressTickMs: number;
  /**
   * Milliseconds between marker rows.
   */
  markerTickMs: number;
}
/**
 * An animated percentage that counts to a computed score, with its level label and copy.
 */
export interface RevealScreen {
  /**
   * Screen kind.
   */
  kind: 'reveal';
  route: Route1;
  aliases?: Aliases;
  /**
   * Old ads or links open this screen directly: it counts as reachable even when no transition leads here.
   */
  entry?: boolean;
  progress?: Progress;
  content?: Content;
  percent: PercentAnimation;
  footer?: Content3;
  button: Template74;
  next: Next;
  requires?: Requires;
  track?: Track;
  enter?: Actions16;
  continue?: Actions17;
  /**
   * Show settings.disclaimer.
   */
  showDisclaimer?: boolean;
  sampleAnswers?: SampleAnswers;
}
/**
 * The animated figure.
 */
export interface PercentAnimation {
  value: Template70;
  from?: Template71;
  /**
   * Wait before counting.
   */
  delayMs: number;
  /**
   * Number of counting steps.
   */
  steps: number;
  /**
   * Milliseconds per step.
   */
  stepMs: number;
  label?: Template72;
  caption?: Template73;
  /**
   * Write the figure by settings.locale: "number" (grouped, 12,300), "currency" (money in settings.currency, $2,280) or "compact" (12.3K). With a format the unit defaults to none.
   */
  format?: 'number' | 'currency' | 'compact';
  /**
   * Shown right before the figure, at a readable size, e.g. "about".
   */
  prefix?: string;
  /**
   * Shown right after the figure, at a readable size and never on a line of its own: "%" (the default), " years", " a year", or "" for none.
   */
  unit?: string;
  /**
   * Decimals of the figure while it counts and at the end (default 0: whole numbers).
   */
  decimals?: number;
}
/**
 * Shown for any path no route matches.
 */
export interface NotFoundScreen {
  /**
   * Screen kind.
   */
  kind: 'not-found';
  route?: Route2;
  progress?: Progress;
  /**
   * Big code above the headline, e.g. 404.
   */
  code?: string;
  headline: Template75;
  linkLabel: Template76;
  enter?: Actions18;
}
/**
 * What this flow records in the backend beyond every answer of the lead (which is always kept).
 */
export interface Tracking {
  /**
   * The journey steps of this funnel, in order (a screen's `track.journey` and the `trackJourney` action name one of them). Reaching one records its position (1 for the first) as total_steps_completed.
   *
   * @maxItems 100
   */
  journeySteps?: JourneyStep2[];
  /**
   * Answers also stored in the lead table's own columns (spec §3), by column: e.g. "age": "age". The lead keeps every answer in any case; this only fills those columns.
   */
  leadColumns?: {
    age?: AnswerKey1;
    skin_issues?: AnswerKey2;
    change_speed?: AnswerKey3;
    other_symptoms?: AnswerKey4;
    skin_treatments?: AnswerKey5;
    hrt?: AnswerKey6;
  };
  lead?: LeadResult;
}
/**
 * The computed results saved with the lead (quiz_completions.result), so sales can sort leads by what the visitor was shown, and which of them is the Conversions API `value` of the Lead event.
 */
export interface LeadResult {
  /**
   * Computations saved with the lead, by name, e.g. ["skinAge", "hormonalLikelihood"]. Each is stored as computed (a number, a text or true/false) under its name; a value that is missing or of another kind is left out.
   *
   * @minItems 1
   * @maxItems 50
   */
  result: [ResultName, ...ResultName[]];
  value?: ResultName1;
  /**
   * The ISO 4217 code sent with `value`, e.g. "USD".
   */
  currency?: string;
  when?: Rule22;
}
/**
 * The funnel's look and page metadata, applied to index.html at build time (and by the dev server), so the first paint already has them.
 */
export interface Theme {
  /**
   * The page title (browser tab, search results, shared links). Default: the brand setting.
   */
  title?: string;
  /**
   * The page's meta description (search results, shared links).
   */
  description?: string;
  /**
   * Colours as #rrggbb; any left out keeps the engine's default. Keep text on background, and onAccent on accent, at WCAG AA contrast (4.5:1).
   */
  colors?: {
    /**
     * The page background (also the browser's theme colour).
     */
    background?: string;
    /**
     * Cards and option buttons.
     */
    surface?: string;
    /**
     * Quiet panels.
     */
    surfaceMuted?: string;
    /**
     * Hairlines and card borders.
     */
    border?: string;
    /**
     * Body text.
     */
    text?: string;
    /**
     * Secondary text.
     */
    textMuted?: string;
    /**
     * Buttons, links, the progress bar and focus rings.
     */
    accent?: string;
    /**
     * The accent under the pointer.
     */
    accentHover?: string;
    /**
     * Selected options and soft highlights.
     */
    accentSoft?: string;
    /**
     * Text on the accent colour.
     */
    onAccent?: string;
  };
  /**
   * Font stacks (CSS font-family lists of installed fonts; no web-font request), e.g. "Avenir Next, Helvetica, Arial, sans-serif".
   */
  fonts?: {
    /**
     * Body text.
     */
    body?: string;
    /**
     * Headlines and the wordmark.
     */
    heading?: string;
  };
  /**
   * The text of the wordmark at the top of every screen. Default: the brand setting.
   */
  wordmark?: string;
  /**
   * The browser tab's icon: an image under public/ (e.g. /uploads/brand-icon.svg; svg, png or ico). Without it the page declares no icon (nothing of another brand).
   */
  favicon?: string;
  /**
   * The small icon drawn before the wordmark's text: an image under public/ (e.g. /uploads/brand-mark.svg), decorative (the text names the brand). Without it the wordmark is the text alone.
   */
  logo?: string;
}
/**
 * Sample visitors for Storybook: each flow story opens its screen as one of them (minus the screen's own answers), and result screens get a story per sample. Use realistic answers that give a low, a medium and a high result.
 */
export interface Samples {
  /**
   * The visitor with a low result.
   */
  low?: {
    answers: SampleAnswers1;
    /**
     * What earlier screens stored under the flow's storage.dataKeys (e.g. an assessment), by key.
     */
    data?: {
      [k: string]: {};
    };
  };
  /**
   * The visitor with a medium result.
   */
  medium?: {
    answers: SampleAnswers2;
    /**
     * What earlier screens stored under the flow's storage.dataKeys (e.g. an assessment), by key.
     */
    data?: {
      [k: string]: {};
    };
  };
  /**
   * The visitor with a high result.
   */
  high?: {
    answers: SampleAnswers3;
    /**
     * What earlier screens stored under the flow's storage.dataKeys (e.g. an assessment), by key.
     */
    data?: {
      [k: string]: {};
    };
  };
}
/**
 * Answers used for this screen's copy and results when the visitor has none stored (e.g. a deep link).
 */
export interface SampleAnswers1 {
  /**
   * An answer.
   */
  [k: string]: string | number | string[];
}
/**
 * Answers used for this screen's copy and results when the visitor has none stored (e.g. a deep link).
 */
export interface SampleAnswers2 {
  /**
   * An answer.
   */
  [k: string]: string | number | string[];
}
/**
 * Answers used for this screen's copy and results when the visitor has none stored (e.g. a deep link).
 */
export interface SampleAnswers3 {
  /**
   * An answer.
   */
  [k: string]: string | number | string[];
}
/**
 * One A/B test: its variants (each a weighted overlay on the flow), the goal it is judged by, and when it runs.
 */
export interface Experiment {
  id: ExperimentId;
  /**
   * What the test is about, for the report's readers.
   */
  description?: string;
  /**
   * What counts as a conversion: "lead" (a lead saved), "final_cta" (the final call to action clicked), { "journey": <step> } (a journey step reached), or "revenue" (arms compared on revenue per visitor, from the purchases the shop reports back).
   */
  goal:
    | ('lead' | 'final_cta' | 'revenue')
    | {
        journey: JourneyStep2;
      };
  /**
   * First day the test runs (UTC, YYYY-MM-DD). Before it every visitor sees the flow without patches.
   */
  start: string;
  /**
   * Last day the test runs (UTC, YYYY-MM-DD, inclusive). After it every visitor sees the flow without patches.
   */
  stop: string;
  /**
   * The arms of the test: at least two, ids unique. A variant with no patches is the control.
   *
   * @minItems 2
   * @maxItems 5
   */
  variants:
    | [Variant, Variant]
    | [Variant, Variant, Variant]
    | [Variant, Variant, Variant, Variant]
    | [Variant, Variant, Variant, Variant, Variant];
}
/**
 * One arm of an experiment: its share of visitors and what it changes.
 */
export interface Variant {
  id: ExperimentId;
  /**
   * Relative share of visitors (e.g. 50 and 50, or 1 and 3).
   */
  weight: number;
  /**
   * Changes to the flow, applied in order (a subset of JSON Patch, RFC 6902). Paths start with /screens/ or /settings/.
   *
   * @maxItems 50
   */
  patches: Patch[];
}
/**
 * One change: `replace` a value that exists, `add` a value under an existing parent (a new screen, an item of a list at an index or at the end with -), or `remove` a value that exists.
 */
export interface Patch {
  op: 'replace' | 'add' | 'remove';
  /**
   * JSON pointer of the changed value, e.g. /screens/cliff-education/content/0/text.
   */
  path: string;
  /**
   * The new value (for replace and add).
   */
  value?: string | number | boolean | {} | unknown[] | null;
}
