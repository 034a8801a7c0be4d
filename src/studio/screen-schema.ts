/**
 * The part of schemas/flow.schema.json that describes one screen kind, with the schema's $defs beside
 * it so every $ref still resolves: what the inspector's form is generated from. A new property or a
 * new kind in the schema shows in the form with no code here.
 */
import flowSchema from '../../schemas/flow.schema.json' with { type: 'json' };
import type { RJSFSchema } from '@rjsf/utils';

const defs: Record<string, unknown> = flowSchema.$defs;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function withoutTitle(value: unknown): Record<string, unknown> {
  return isObject(value) ? Object.fromEntries(Object.entries(value).filter(([key]) => key !== 'title')) : {};
}

/**
 * The $defs as the form sees them: copy (Template) and an image's `src` carry a `format` that picks
 * the inspector's own widget for them (template-widget.tsx, image-widget.tsx). The format is the
 * form's only: the checker and the source pane use the schema as it is.
 */
const formDefs: Record<string, unknown> = (() => {
  const image = isObject(defs.Image) ? defs.Image : {};
  const properties = isObject(image.properties) ? image.properties : {};
  const src = isObject(properties.src) ? properties.src : {};
  return {
    ...defs,
    // Without its title, a piece of copy is labelled by its property (caption, label), not "Template".
    Template: { ...withoutTitle(defs.Template), format: 'template' },
    Image: { ...image, properties: { ...properties, src: { ...src, format: 'upload-image' } } },
  };
})();

/** The $defs name of each screen kind's schema, read from the schema's Screen.oneOf. */
export function screenDefs(): Map<string, string> {
  const kinds = new Map<string, string>();
  const screen = defs.Screen;
  const refs = isObject(screen) && Array.isArray(screen.oneOf) ? screen.oneOf : [];
  for (const ref of refs) {
    const name = isObject(ref) && typeof ref.$ref === 'string' ? ref.$ref.replace('#/$defs/', '') : '';
    const def = defs[name];
    const kind = isObject(def) && isObject(def.properties) && isObject(def.properties.kind) ? def.properties.kind.const : undefined;
    if (typeof kind === 'string') kinds.set(kind, name);
  }
  return kinds;
}

/** A JSON object is a schema the form can take (rjsf's type is wider than what the file gives). */
function isFormSchema(value: unknown): value is RJSFSchema {
  return isObject(value);
}

/** The form schema of a screen of `kind` (undefined for a kind the schema doesn't know). */
export function screenSchema(kind: string): RJSFSchema | undefined {
  const name = screenDefs().get(kind);
  const def = name === undefined ? undefined : formDefs[name];
  if (!isObject(def)) return undefined;
  const schema: unknown = { ...def, $defs: formDefs };
  return isFormSchema(schema) ? schema : undefined;
}

/** The whole flow schema, for the source pane's completion and hover help. */
export const FLOW_SCHEMA: Record<string, unknown> = flowSchema;
