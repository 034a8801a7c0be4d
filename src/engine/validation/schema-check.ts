/**
 * The JSON Schema half of validation: ajv compiled once, its type guard narrows to `Flow`, and its
 * errors are rewritten as one plain line each (a marketer reads them, not a schema author).
 * Node/build-time only: ajv must never reach the browser bundle.
 */
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ErrorObject } from 'ajv';
import flowSchema from '../../../schemas/flow.schema.json' with { type: 'json' };
import type { Flow } from '../flow.gen.ts';
import { closest, didYouMean } from './did-you-mean.ts';
import { error, pointerOf, type Finding } from './flow-issue.ts';

/**
 * ajv's strictTypes wants `"type": "object"` beside every `discriminator`, which the schema can't
 * carry without changing the generated types. That one warning is accepted; any other strict-mode
 * complaint still throws, exactly as `strict: true` would.
 */
const logger = {
  log: (...args: unknown[]) => console.log(...args),
  warn: (...args: unknown[]) => {
    const message = args.map(String).join(' ');
    if (!/missing type "object" for keyword "discriminator"/.test(message)) throw new Error(message);
  },
  error: (...args: unknown[]) => console.error(...args),
};

const ajv = new Ajv2020({
  allErrors: true,
  strict: true,
  strictTypes: 'log',
  allowUnionTypes: true,
  discriminator: true,
  verbose: true,
  logger,
});
addFormats(ajv);
ajv.addKeyword('tsType');
// Marks the visitor-facing texts a language file translates (src/engine/i18n/text-pointers.ts).
ajv.addKeyword('x-translatable');
const validate = ajv.compile<Flow>(flowSchema);

/** Whether a parsed value is a flow by the schema; the type guard the rest of the engine trusts. */
export function isFlow(value: unknown): value is Flow {
  return validate(value);
}

/** The schema's findings for a value that failed `isFlow` (empty when it passes). */
export function schemaFindings(value: unknown): Finding[] {
  if (validate(value)) return [];
  const seen = new Set<string>();
  const errors = groupOneOfs(validate.errors ?? []);
  const misspelt = misspeltRequired(errors);
  return (
    errors
      .filter(
        (e) =>
          !(
            e.keyword === 'required' &&
            misspelt.has(pointerOf(e.instancePath, String(param(e, 'missingProperty'))))
          ),
      )
      // propertyNames reports its own summary; the inner errors about the name itself would repeat it.
      .filter((e) => e.keyword === 'propertyNames' || e.propertyName === undefined)
      .map(explain)
      .filter((finding) => {
        const key = `${finding.pointer} ${finding.message}`;
        return seen.has(key) ? false : (seen.add(key), true);
      })
  );
}

/**
 * A required property written with a typo shows up twice (unknown "buton", missing "button");
 * the unknown-property line already says "did you mean", so the missing one is left out.
 */
function misspeltRequired(errors: readonly ErrorObject[]): Set<string> {
  const pointers = new Set<string>();
  for (const e of errors) {
    if (e.keyword !== 'additionalProperties') continue;
    const match = closest(String(param(e, 'additionalProperty')), Object.keys(propertiesOf(e.parentSchema)));
    if (match !== undefined) pointers.add(pointerOf(e.instancePath, match));
  }
  return pointers;
}

function propertiesOf(schema: unknown): Record<string, unknown> {
  const properties = get(schema, 'properties');
  return isRecord(properties) ? properties : {};
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function get(value: unknown, key: string): unknown {
  return isRecord(value) && Object.hasOwn(value, key) ? value[key] : undefined;
}

/** Follows a local `#/$defs/Name` reference of the flow schema. */
function deref(schema: unknown): unknown {
  const ref = get(schema, '$ref');
  if (typeof ref === 'string' && ref.startsWith('#/$defs/'))
    return get(get(flowSchema, '$defs'), ref.slice(8));
  return schema;
}

/** The first sentence of a schema description, as a hint ("e.g." doesn't end a sentence). */
function describe(schema: unknown): string | undefined {
  const text = get(schema, 'description') ?? get(deref(schema), 'description');
  if (typeof text !== 'string') return undefined;
  const end = text.search(/(?<!\be\.g|\bi\.e)\.(\s|$)/);
  return end === -1 ? text : text.slice(0, end);
}

/** `expected a screen id: …` from a description. */
function expected(schema: unknown): string | undefined {
  const about = describe(schema);
  return about === undefined ? undefined : `expected ${about.charAt(0).toLowerCase()}${about.slice(1)}`;
}

/** What a value is, in plain words. */
function kindOf(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (value === null) return 'null';
  if (typeof value === 'string') return `the text "${value}"`;
  if (typeof value === 'number') return `the number ${value}`;
  if (typeof value === 'boolean') return String(value);
  return 'an object';
}

const TYPE_WORDS: Record<string, string> = {
  string: 'a text in "quotes"',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  array: 'a list [ … ]',
  object: 'an object { … }',
  null: 'null',
};

/**
 * For the oneOfs without a discriminator (Next, Progress, ListItem, sample answers), ajv reports every
 * branch. Branches that failed on the value's basic type were clearly not meant; keep the rest, or
 * one summary line when no branch fits at all. ajv pushes a oneOf's branch errors just before it.
 */
function groupOneOfs(errors: readonly ErrorObject[]): ErrorObject[] {
  const kept: ErrorObject[] = [];
  for (const e of errors) {
    if (e.keyword !== 'oneOf') {
      kept.push(e);
      continue;
    }
    const branches: ErrorObject[] = [];
    for (let last = kept.at(-1); last && isWithin(last.instancePath, e.instancePath); last = kept.at(-1)) {
      branches.unshift(last);
      kept.pop();
    }
    const meant = branches.filter(
      (b) => !(b.instancePath === e.instancePath && (b.keyword === 'type' || b.keyword === 'const')),
    );
    kept.push(...(meant.length > 0 ? meant : [e]));
  }
  return kept;
}

function isWithin(path: string, parent: string): boolean {
  return path === parent || path.startsWith(`${parent}/`);
}

function param(e: ErrorObject, name: string): unknown {
  return e.params[name];
}

function list(values: readonly unknown[]): string {
  return values.map((value) => (typeof value === 'string' ? value : JSON.stringify(value))).join(', ');
}

/** One ajv error as one plain-words finding. */
function explain(e: ErrorObject): Finding {
  const at = e.instancePath;
  const data: unknown = e.data;
  switch (e.keyword) {
    case 'discriminator': {
      const tag = String(param(e, 'tag'));
      const value = param(e, 'tagValue');
      const branches = get(e.parentSchema, 'oneOf');
      const allowed = (Array.isArray(branches) ? branches : []).map((branch) =>
        get(get(get(deref(branch), 'properties'), tag), 'const'),
      );
      const names = allowed.filter((name): name is string => typeof name === 'string');
      const choices = names.join(', ');
      if (typeof value !== 'string')
        return error(pointerOf(at, tag), `missing "${tag}"`, `add "${tag}": one of ${choices}`);
      return error(
        pointerOf(at, tag),
        `unknown ${tag} "${value}" — expected one of ${choices}`,
        didYouMean(value, names),
      );
    }
    case 'additionalProperties': {
      const name = String(param(e, 'additionalProperty'));
      const known = Object.keys(propertiesOf(e.parentSchema));
      const hint =
        didYouMean(name, known) ?? (known.length > 0 ? `allowed here: ${known.join(', ')}` : 'remove it');
      return { ...error(pointerOf(at, name), `unknown property "${name}"`, hint), atKey: true };
    }
    case 'required': {
      const name = String(param(e, 'missingProperty'));
      const about = describe(get(get(e.parentSchema, 'properties'), name));
      return error(
        pointerOf(at, name),
        `missing required property "${name}"`,
        about === undefined ? undefined : `add "${name}": ${about}`,
      );
    }
    case 'propertyNames': {
      const name = String(param(e, 'propertyName'));
      const rule = expected(get(e.parentSchema, 'propertyNames'));
      return { ...error(pointerOf(at, name), `"${name}" is not allowed as a name here`, rule), atKey: true };
    }
    case 'type':
      return error(
        at,
        `must be ${String(param(e, 'type'))
          .split(',')
          .map((t) => TYPE_WORDS[t] ?? t)
          .join(' or ')}, not ${kindOf(data)}`,
      );
    case 'const':
      return error(at, `must be ${JSON.stringify(param(e, 'allowedValue'))}, not ${kindOf(data)}`);
    case 'enum': {
      const allowed = param(e, 'allowedValues');
      const options = Array.isArray(allowed) ? allowed.filter((v): v is string => typeof v === 'string') : [];
      return error(
        at,
        `${kindOf(data)} is not allowed here — expected one of ${list(Array.isArray(allowed) ? allowed : [])}`,
        typeof data === 'string' ? didYouMean(data, options) : undefined,
      );
    }
    case 'pattern':
      return error(at, `${kindOf(data)} is not written the expected way`, expected(e.parentSchema));
    case 'format':
      return error(
        at,
        `${kindOf(data)} is not a valid ${param(e, 'format') === 'uri' ? 'full web address' : String(param(e, 'format'))}`,
        param(e, 'format') === 'uri' ? 'write it like https://example.com/page' : undefined,
      );
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum': {
      const words: Record<string, string> = {
        minimum: 'at least',
        maximum: 'at most',
        exclusiveMinimum: 'more than',
        exclusiveMaximum: 'less than',
      };
      return error(at, `must be ${words[e.keyword] ?? ''} ${String(param(e, 'limit'))}, not ${kindOf(data)}`);
    }
    case 'minLength':
      return error(
        at,
        param(e, 'limit') === 1
          ? 'must not be empty'
          : `must be at least ${String(param(e, 'limit'))} characters long`,
      );
    case 'maxLength':
      return error(at, `must be at most ${String(param(e, 'limit'))} characters long`);
    case 'minItems':
      return error(
        at,
        `needs at least ${String(param(e, 'limit'))} item${param(e, 'limit') === 1 ? '' : 's'}`,
      );
    case 'maxItems':
      return error(at, `may have at most ${String(param(e, 'limit'))} items`);
    case 'minProperties':
      return error(
        at,
        `needs at least ${String(param(e, 'limit'))} entr${param(e, 'limit') === 1 ? 'y' : 'ies'}`,
      );
    case 'uniqueItems': {
      const [later, earlier] = [Number(param(e, 'i')), Number(param(e, 'j'))];
      return error(
        pointerOf(at, later),
        `the same value appears twice in this list (items ${earlier + 1} and ${later + 1})`,
        'remove one of them',
      );
    }
    case 'oneOf':
      return error(at, `${kindOf(data)} is not allowed here`, expected(e.parentSchema));
    default:
      return error(at, e.message ?? `is not valid (${e.keyword})`);
  }
}
