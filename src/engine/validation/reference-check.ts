/**
 * Checks that everything copy and rules read exists: answers some screen writes, stored data some
 * action writes, results the scoring computes, settings. A typo here would show visitors empty text.
 */
import type { Flow } from '../flow.gen.ts';
import { ruleVars } from '../rules.ts';
import { LABEL_FORMAT, placeholderReads } from '../template.ts';
import { optionLabels } from '../option-labels.ts';
import { closest, didYouMean } from './did-you-mean.ts';
import { error, pointerOf, type Finding } from './flow-issue.ts';
import { formatProblem } from './format-check.ts';
import type { CheckContext, FlowCheck } from './graph-check.ts';

/** The names each placeholder root may read. */
interface Known {
  answers: Set<string>;
  data: Set<string>;
  result: Set<string>;
  settings: Set<string>;
}

const ROOTS = ['answers', 'data', 'result', 'settings'] as const;

/** The visit's own ids a redirect URL may carry to the next page (e.g. as Stripe's client_reference_id). */
export const VISIT_IDS = ['sessionId', 'leadId'] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Answer keys written by questions and form fields, or given as sample answers. */
export function writtenAnswers(flow: Flow): Set<string> {
  const keys = new Set<string>();
  for (const screen of Object.values(flow.screens)) {
    if (screen.kind === 'multi-select' || screen.kind === 'single-choice' || screen.kind === 'slider')
      keys.add(screen.answer);
    if (screen.kind === 'form') screen.fields.forEach((field) => keys.add(field.name));
    if ((screen.kind === 'content' || screen.kind === 'reveal') && screen.sampleAnswers) {
      Object.keys(screen.sampleAnswers).forEach((key) => keys.add(key));
    }
  }
  return keys;
}

/** Every data key written, with where: storeData actions and submit.store. */
export function dataWrites(flow: Flow): { key: string; pointer: string }[] {
  const writes: { key: string; pointer: string }[] = [];
  for (const [id, screen] of Object.entries(flow.screens)) {
    if ((screen.kind === 'form' || screen.kind === 'photo-upload') && screen.submit?.store !== undefined) {
      writes.push({ key: screen.submit.store, pointer: pointerOf('/screens', id, 'submit', 'store') });
    }
    const lists =
      screen.kind === 'not-found'
        ? { enter: screen.enter }
        : { enter: screen.enter, continue: screen.continue };
    for (const [list, actions] of Object.entries(lists)) {
      actions?.forEach((action, i) => {
        if (action.type === 'storeData')
          writes.push({
            key: action.params.key,
            pointer: pointerOf('/screens', id, list, i, 'params', 'key'),
          });
      });
    }
  }
  return writes;
}

/** Every data key written must be declared in storage.dataKeys. */
export const checkDataKeys: FlowCheck = (flow) =>
  dataWrites(flow)
    .filter(({ key }) => !flow.storage.dataKeys.includes(key))
    .map(({ key, pointer }) =>
      error(
        pointer,
        `"${key}" is not one of storage.dataKeys`,
        didYouMean(key, flow.storage.dataKeys) ?? `add "${key}" to storage.dataKeys`,
      ),
    );

/** Every placeholder in copy and every `var` in a rule reads something that exists. */
export const checkReferences: FlowCheck = (flow, context) => {
  const written = new Set(dataWrites(flow).map(({ key }) => key));
  const known: Known = {
    answers: writtenAnswers(flow),
    data: new Set(flow.storage.dataKeys.filter((key) => written.has(key))),
    result: new Set(context.resultKeys),
    settings: new Set(Object.keys(flow.settings)),
  };
  const found: Finding[] = [];
  for (const [id, screen] of Object.entries(flow.screens)) {
    const reader = { known, flow, onNotFound: id === flow.notFound, found, context };
    walk(screen, pointerOf('/screens', id), reader);
  }
  return found;
};

interface Reader {
  known: Known;
  flow: Flow;
  onNotFound: boolean;
  found: Finding[];
  context: CheckContext;
  /** Inside a redirect action: `{visit.*}` may be read. */
  inRedirect?: boolean;
}

/**
 * Walks a screen: strings are copy (checked for placeholders), `when` values and storeData values
 * are rules. Ids, routes and sample data are skipped: routes are checked with the routes, the rest
 * holds no placeholders.
 */
function walk(node: unknown, pointer: string, reader: Reader): void {
  if (typeof node === 'string') {
    for (const { path, format } of placeholderReads(node)) {
      const problem = unknownPath(path, reader);
      if (problem)
        reader.found.push(error(pointer, `unknown placeholder "{${path}}"${problem.why}`, problem.hint));
      const wrongFormat = format === undefined ? undefined : formatMisuse(path, format, reader.flow);
      if (wrongFormat) reader.found.push(error(pointer, `placeholder "{${path}:${format}}": ${wrongFormat}`));
    }
  } else if (Array.isArray(node)) {
    node.forEach((item, i) => walk(item, pointerOf(pointer, i), reader));
  } else if (isRecord(node)) {
    const storeData = node['type'] === 'storeData';
    if (node['type'] === 'redirect' && !reader.inRedirect) {
      walk(node, pointer, { ...reader, inRedirect: true });
      return;
    }
    for (const [key, value] of Object.entries(node)) {
      const at = pointerOf(pointer, key);
      if (key === 'route' || key === 'aliases' || key === 'sampleAnswers') continue;
      if (key === 'when') checkRule(value, at, reader);
      else if (storeData && key === 'params' && isRecord(value) && isRecord(value['value'])) {
        for (const [field, rule] of Object.entries(value['value']))
          checkRule(rule, pointerOf(at, 'value', field), reader);
      } else walk(value, at, reader);
    }
  }
}

/** Why a placeholder's format can't apply: unknown, or `:label` on something that has no options. */
function formatMisuse(path: string, format: string, flow: Flow): string | undefined {
  const unknown = formatProblem(format, flow);
  if (unknown) return unknown;
  if (format !== LABEL_FORMAT) return undefined;
  const key = path.startsWith('answers.') ? path.slice('answers.'.length) : undefined;
  if (key !== undefined && Object.hasOwn(optionLabels(flow), key)) return undefined;
  return '":label" shows an option\'s label, so it needs an answer chosen from options (single-choice or multi-select)';
}

/** Checks the `var`s of a rule, each at the pointer of its own path string. */
function checkRule(rule: unknown, pointer: string, reader: Reader): void {
  if (Array.isArray(rule)) {
    rule.forEach((item, i) => checkRule(item, pointerOf(pointer, i), reader));
    return;
  }
  if (!isRecord(rule)) return;
  for (const [op, args] of Object.entries(rule)) {
    if (op === 'var') {
      const at = Array.isArray(args) ? pointerOf(pointer, 'var', 0) : pointerOf(pointer, 'var');
      for (const path of ruleVars({ var: args })) {
        const problem = unknownPath(path, reader);
        if (problem)
          reader.found.push(
            error(
              at,
              `unknown variable "${path}" in this rule${problem.why}`,
              problem.hint?.replace(/\{|\}/g, ''),
            ),
          );
      }
    }
    checkRule(args, pointerOf(pointer, op), reader);
  }
}

/**
 * Whether a path under `result` reads a computation: the computation itself, a value inside it
 * (`clinicalComments.0`), or an object that dotted names build (`overview` of `overview.volume`).
 */
function readsComputation(parts: string[], computations: Set<string>): boolean {
  for (let i = 1; i <= parts.length; i++) if (computations.has(parts.slice(0, i).join('.'))) return true;
  const prefix = `${parts.join('.')}.`;
  return [...computations].some((name) => name.startsWith(prefix));
}

/** Why a dotted path reads nothing, or undefined when it is fine. */
function unknownPath(path: string, reader: Reader): { why: string; hint?: string } | undefined {
  const { known, flow } = reader;
  const [root = '', name, ...rest] = path.split('.');
  if (root === 'path' && name === undefined) {
    return reader.onNotFound
      ? undefined
      : { why: ': the requested path is only known on the not-found screen' };
  }
  if (root === 'visit') return visitProblem(name, rest, reader);
  const names = ROOTS.find((r) => r === root);
  const readable = names === undefined ? undefined : known[names];
  if (root === 'result') {
    if (name === undefined || readsComputation([name, ...rest], readable ?? new Set())) return undefined;
  } else if (readable && (name === undefined || readable.has(name))) return undefined;
  if (root === 'data' && name !== undefined && flow.storage.dataKeys.includes(name)) {
    return {
      why: `: nothing stores "${name}"`,
      hint: `add a storeData action or a submit with "store": "${name}"`,
    };
  }
  const candidates = ROOTS.flatMap((r) => [...known[r]].map((n) => `${r}.${n}`));
  const dotted = root === 'result' && [...known.result].some((n) => n.includes('.'));
  const head = name === undefined ? root : dotted ? path : `${root}.${name}`;
  const match = closest(head, candidates);
  const tail = rest.length > 0 && !dotted ? `.${rest.join('.')}` : '';
  const why =
    root === 'answers'
      ? `: no screen stores an answer "${name ?? ''}"`
      : root === 'result'
        ? `: no computation is named "${dotted ? [name, ...rest].join('.') : (name ?? '')}"`
        : root === 'settings'
          ? `: there is no setting "${name ?? ''}"`
          : root === 'data'
            ? `: "${name ?? ''}" is not one of storage.dataKeys`
            : ': placeholders read answers, data, result or settings';
  return { why, hint: match === undefined ? undefined : `did you mean "{${match}${tail}}"?` };
}

/** `{visit.sessionId}` and `{visit.leadId}` are read by redirect URLs only, and nothing else of the visit. */
function visitProblem(name: string | undefined, rest: string[], reader: Reader): { why: string; hint?: string } | undefined {
  const known = VISIT_IDS.find((id) => id === name);
  if (known !== undefined && rest.length === 0) {
    return reader.inRedirect
      ? undefined
      : { why: ': the visit\'s ids are only carried by a redirect action\'s "url"' };
  }
  const match = closest(`visit.${name ?? ''}`, VISIT_IDS.map((id) => `visit.${id}`));
  return {
    why: `: the visit has only ${VISIT_IDS.map((id) => `"${id}"`).join(' and ')}`,
    hint: match === undefined ? undefined : `did you mean "{${match}}"?`,
  };
}
