/**
 * A new screen of any kind, made from the schema alone: every required property gets the simplest
 * value its schema allows (a route from the id, a heading, Continue), so the palette needs no code per
 * kind. The checker then says what is still to fill in.
 */
import { pointerOf } from '../engine/validation/flow-issue.ts';
import { FLOW_SCHEMA, screenDefs } from './screen-schema.ts';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const defs: Record<string, unknown> = isObject(FLOW_SCHEMA.$defs) ? FLOW_SCHEMA.$defs : {};

function resolve(schema: unknown): Record<string, unknown> {
  let at = schema;
  for (let hops = 0; isObject(at) && typeof at.$ref === 'string' && hops < 10; hops += 1) at = defs[at.$ref.replace('#/$defs/', '')];
  return isObject(at) ? at : {};
}

function sample(schema: unknown, name: string, id: string, next: string): unknown {
  const s = resolve(schema);
  if ('const' in s) return s.const;
  if (name === 'route') return `/${id}`;
  if (name === 'next' || name === 'to') return next;
  if (Array.isArray(s.enum)) return s.enum[0];
  const choice = Array.isArray(s.oneOf) ? s.oneOf[0] : Array.isArray(s.anyOf) ? s.anyOf[0] : undefined;
  if (choice !== undefined) return sample(choice, name, id, next);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if (type === 'string') {
    const text = name === 'button' ? 'Continue' : name === 'answer' ? id.replace(/-/g, '_') : 'New text';
    // A key with a pattern (a form field's name): the first spelling of the id the pattern takes.
    const pattern = typeof s.pattern === 'string' ? new RegExp(s.pattern, 'u') : undefined;
    const camel = id.replace(/-+([a-z0-9])/g, (_, c: string) => c.toUpperCase());
    return pattern === undefined ? text : ([text, camel, id.replace(/-/g, '_'), id].find((t) => pattern.test(t)) ?? text);
  }
  if (type === 'integer' || type === 'number') return typeof s.minimum === 'number' ? s.minimum : 1;
  if (type === 'boolean') return false;
  if (type === 'array') {
    const count = typeof s.minItems === 'number' ? s.minItems : 0;
    if (name === 'content') return [{ type: 'heading', text: 'New screen' }];
    return Array.from({ length: count }, (_, i) => sample(s.items, name === 'options' ? 'option' : '', `${id}-${i + 1}`, next));
  }
  if (type === 'object' || isObject(s.properties)) return objectSample(s, id, next);
  return null;
}

function objectSample(s: Record<string, unknown>, id: string, next: string): Record<string, unknown> {
  const properties = isObject(s.properties) ? s.properties : {};
  const required = Array.isArray(s.required) ? s.required.filter((r) => typeof r === 'string') : [];
  // Where it leads is filled in even when optional (a timer's `to`), so the new screen is wired in.
  const leads = ['next', 'to'].filter((key) => key in properties && !required.includes(key));
  return Object.fromEntries([...required, ...leads].map((key) => [key, sample(properties[key], key, id, next)]));
}

/** A new screen of `kind` with id `id` that goes on to `next`. */
export function newScreen(kind: string, id: string, next: string): Record<string, unknown> {
  const name = screenDefs().get(kind);
  if (name === undefined) throw new Error(`the schema has no screen kind "${kind}"`);
  return objectSample(resolve({ $ref: `#/$defs/${name}` }), id, next);
}

/**
 * The edit that adds a screen of `kind` after `after` (the selected screen): it leads to the new
 * one, which leads on where it led. With no `after` (or one whose next is not a plain screen id), the
 * new screen leads to the start and waits to be wired in. Returns the ops and the new screen's id.
 */
export function addScreenOps(
  screens: Readonly<Record<string, unknown>>,
  start: string,
  after: string | undefined,
  kind: string,
): { id: string; ops: { op: 'add' | 'replace'; path: string; value: unknown }[] } {
  let id = `new-${kind}`;
  for (let n = 2; id in screens; n += 1) id = `new-${kind}-${n}`;
  const from = after === undefined ? undefined : screens[after];
  const next = isObject(from) && typeof from.next === 'string' ? from.next : undefined;
  const ops: { op: 'add' | 'replace'; path: string; value: unknown }[] = [{ op: 'add', path: pointerOf('/screens', id), value: newScreen(kind, id, next ?? start) }];
  if (next !== undefined && after !== undefined) ops.push({ op: 'replace', path: pointerOf('/screens', after, 'next'), value: id });
  return { id, ops };
}
