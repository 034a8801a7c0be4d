/**
 * The visitor-facing texts of a flow, by JSON pointer into the flow file: everything the flow schema
 * marks x-translatable, plus the string values of experiment variants' patches (a patch's value is
 * read with the schema of the place it patches, so a variant's headline needs a translation exactly
 * like the headline it replaces). Node/build/studio code: the schema is passed in, never bundled here.
 */
import { isObject, TextWalker } from './text-pointers.ts';

/** The key of a patch value's text: its pointer in the flow file, e.g. /experiments/0/variants/1/patches/2/value. */
export function patchValuePointer(experiment: number, variant: number, patch: number): string {
  return `/experiments/${experiment}/variants/${variant}/patches/${patch}/value`;
}

/** Every translatable text of a flow document, pointer → the flow's own (default-language) text. */
export function flowTexts(flow: unknown, schema: Record<string, unknown>): Map<string, string> {
  const walker = new TextWalker(schema);
  const pointers = walker.collect(flow, schema);
  const experiments = isObject(flow) && Array.isArray(flow.experiments) ? flow.experiments : [];
  experiments.forEach((experiment: unknown, e) => {
    const variants = isObject(experiment) && Array.isArray(experiment.variants) ? experiment.variants : [];
    variants.forEach((variant: unknown, v) => {
      const patches = isObject(variant) && Array.isArray(variant.patches) ? variant.patches : [];
      patches.forEach((patch: unknown, p) => {
        if (!isObject(patch) || typeof patch.path !== 'string' || !('value' in patch)) return;
        const { schema: target, cells } = walker.schemaAt(flow, patch.path);
        walker.collect(patch.value, target, patchValuePointer(e, v, p), cells, pointers);
      });
    });
  });
  const texts = new Map<string, string>();
  for (const pointer of pointers) {
    const text = valueOf(flow, pointer);
    if (typeof text === 'string') texts.set(pointer, text);
  }
  return texts;
}

function valueOf(document: unknown, pointer: string): unknown {
  let node = document;
  for (const raw of pointer.slice(1).split('/')) {
    const segment = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (Array.isArray(node)) node = node[Number(segment)];
    else if (isObject(node)) node = node[segment];
    else return undefined;
  }
  return node;
}
