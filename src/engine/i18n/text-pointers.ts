/**
 * Which strings of a JSON document a reader sees, decided by its JSON Schema alone: a schema marks a
 * translatable property with the custom keyword `"x-translatable": true` (on the property or on the
 * `$defs` entry it refers to; `false` at a property overrides a `true` definition), or a free-form
 * part with `"x-translatable": "text-cells"` (every string below it that reads as text, not as a code).
 * A new kind of screen is therefore covered by marking its schema, with no change here.
 *
 * Generic: nothing here knows a product, a screen kind or a property name.
 */
import { pointerOf } from '../validation/flow-issue.ts';

/** A JSON Schema node, as far as this walk reads one. */
type Schema = boolean | { [keyword: string]: unknown };
type SchemaObject = { [keyword: string]: unknown };

const KEYWORD = 'x-translatable';

/** A code rather than a text: lower-case letters, digits and - _ . only (e.g. "max", "cloudbank-4"). */
const CODE = /^[a-z0-9][a-z0-9_.-]*$/;
/**
 * Text has a letter outside its placeholders' paths and format names: "4.8", "3,000+" or
 * "{result.score:0}%" have nothing to translate, "{result.years:plural(year|years)}" and
 * "{answers.name|there}" do (the words of a plural and a fallback are the language's).
 */
const LETTER = /\p{L}/u;
const PLACEHOLDER_PATH = /\{[A-Za-z]\w*(?:\.\w+)*(?::\w+)?/g;

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** RFC 6901: the pointer's segments, unescaped. */
export function pointerSegments(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/** The value at a pointer, or undefined. */
export function valueAt(document: unknown, pointer: string): unknown {
  let node = document;
  for (const segment of pointerSegments(pointer)) {
    if (Array.isArray(node)) node = /^(0|[1-9]\d*)$/.test(segment) ? node[Number(segment)] : undefined;
    else if (isObject(node)) node = Object.hasOwn(node, segment) ? node[segment] : undefined;
    else return undefined;
  }
  return node;
}

/** Whether a string is worth a translation. */
function isText(value: string, cells: boolean): boolean {
  return LETTER.test(value.replace(PLACEHOLDER_PATH, '')) && !(cells && CODE.test(value));
}

/** Walks a document beside its schema. */
export class TextWalker {
  constructor(private readonly root: SchemaObject) {}

  private deref(schema: Schema): Schema {
    let current = schema;
    for (let i = 0; i < 32 && isObject(current) && typeof current.$ref === 'string'; i++) {
      const path = current.$ref.startsWith('#') ? current.$ref.slice(1) : '';
      const target = valueAt(this.root, path);
      if (target === undefined) return true;
      current = target as Schema;
    }
    return current;
  }

  /** The x-translatable mark of a schema site: its own, else its $ref target's. */
  private mark(schema: Schema): unknown {
    for (let current = schema, i = 0; i < 32 && isObject(current); i++) {
      if (KEYWORD in current) return current[KEYWORD];
      if (typeof current.$ref !== 'string') return undefined;
      current = valueAt(this.root, current.$ref.slice(1)) as Schema;
    }
    return undefined;
  }

  /** Whether a value fits a schema branch at its top level (enough to choose among oneOf branches). */
  private fits(schema: Schema, value: unknown): boolean {
    const s = this.deref(schema);
    if (!isObject(s)) return s;
    if ('const' in s) return s.const === value;
    if (Array.isArray(s.enum)) return s.enum.includes(value);
    const types = typeof s.type === 'string' ? [s.type] : Array.isArray(s.type) ? s.type : undefined;
    if (types && !types.some((type) => typeOk(type, value))) return false;
    for (const key of ['oneOf', 'anyOf'] as const) {
      const list = s[key];
      if (Array.isArray(list)) return list.some((branch) => this.fits(branch as Schema, value));
    }
    if (!isObject(value)) return types !== undefined || !isObject(s.properties);
    const properties = isObject(s.properties) ? s.properties : {};
    const required = Array.isArray(s.required) ? (s.required as string[]) : [];
    if (!required.every((key) => key in value)) return false;
    if (s.additionalProperties === false && Object.keys(value).some((key) => !(key in properties)))
      return false;
    return Object.entries(properties).every(([key, sub]) => {
      const inner = this.deref(sub as Schema);
      return !(key in value) || !isObject(inner) || !('const' in inner) || inner.const === value[key];
    });
  }

  /** The one schema branch a value follows (oneOf/anyOf resolved, $ref followed). */
  resolve(schema: Schema, value: unknown): Schema {
    let s = this.deref(schema);
    for (let i = 0; i < 8 && isObject(s); i++) {
      const list = Array.isArray(s.oneOf) ? s.oneOf : Array.isArray(s.anyOf) ? s.anyOf : undefined;
      if (!list) break;
      const branch = (list as Schema[]).find((candidate) => this.fits(candidate, value));
      if (branch === undefined) return false;
      s = this.deref(branch);
    }
    return s;
  }

  /** The schema of a child (a property or an item) of a value that follows `schema`. */
  child(schema: Schema, value: unknown, key: string): Schema {
    const s = this.resolve(schema, value);
    if (!isObject(s)) return s;
    if (Array.isArray(value)) return (s.items as Schema | undefined) ?? true;
    const properties = isObject(s.properties) ? s.properties : {};
    if (key in properties) return properties[key] as Schema;
    const then = isObject(s.then) && isObject(s.then.properties) ? s.then.properties : {};
    if (key in then && then[key] !== true) return then[key] as Schema;
    return (s.additionalProperties as Schema | undefined) ?? true;
  }

  /** The schema at a pointer of a document (each step resolved against the document's own values). */
  schemaAt(document: unknown, pointer: string): { schema: Schema; cells: boolean; mark: unknown } {
    let schema: Schema = this.root;
    let node = document;
    let cells = false;
    let mark: unknown = undefined;
    for (const segment of pointerSegments(pointer)) {
      schema = this.child(schema, node, segment);
      mark = this.mark(schema);
      if (mark === 'text-cells') cells = true;
      node = valueAt(node, pointerOf('', segment));
    }
    return { schema, cells, mark };
  }

  /**
   * The pointers (below `base`) of every translatable string of `value`, which follows `schema`.
   * `cells`: inside a "text-cells" part, where every text-like string counts.
   */
  collect(value: unknown, schema: Schema, base = '', cells = false, found: string[] = []): string[] {
    // A string under a oneOf (a list item: a Template or an object) takes the mark of the branch it follows.
    const own = this.mark(schema);
    const mark = own === undefined && typeof value === 'string' ? this.mark(this.resolve(schema, value)) : own;
    const inCells = cells || mark === 'text-cells';
    if (typeof value === 'string') {
      if ((mark === true || (inCells && mark !== false)) && isText(value, inCells && mark !== true))
        found.push(base);
      return found;
    }
    if (mark === false) return found;
    if (Array.isArray(value)) {
      value.forEach((item, index) =>
        this.collect(item, this.child(schema, value, String(index)), `${base}/${index}`, inCells, found),
      );
    } else if (isObject(value)) {
      for (const [key, item] of Object.entries(value))
        this.collect(item, this.child(schema, value, key), pointerOf(base, key), inCells, found);
    }
    return found;
  }
}

function typeOk(type: unknown, value: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number';
    case 'integer':
      return Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isObject(value);
    default:
      return true;
  }
}

/** The pointers of every translatable string of a document, by its schema, in document order. */
export function translatablePointers(document: unknown, schema: SchemaObject): string[] {
  return new TextWalker(schema).collect(document, schema);
}
