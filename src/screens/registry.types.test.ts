import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ComponentType } from 'react';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ScreenKind } from '../engine/flow-model.ts';
import { MultiSelectScreen } from './multi-select/multi-select.tsx';
import { preloadRenderers, screenRenderers, type ScreenRenderers } from './registry.ts';
import type { ScreenProps } from './screen-props.ts';

// Compile-time proofs, checked by `tsc` (a failing one is an unused @ts-expect-error, i.e. an error).

// A registry that lacks a kind does not compile.
const { reveal: _reveal, ...withoutReveal } = screenRenderers;
// @ts-expect-error Property 'reveal' is missing
export const missingKind: ScreenRenderers = withoutReveal;

// A renderer registered under the wrong kind does not compile.
// @ts-expect-error a multi-select renderer cannot draw a slider screen
export const wrongKind: ScreenRenderers = { ...screenRenderers, slider: MultiSelectScreen };

// A kind the schema does not know cannot be looked up.
// @ts-expect-error 'carousel' is not a screen kind
export const unknownKind = screenRenderers.carousel;

// The real registry is complete, and each entry takes its own kind's props.
export const complete: ScreenRenderers = screenRenderers;
expectTypeOf(screenRenderers.redirect).toEqualTypeOf<ComponentType<ScreenProps<'redirect'>>>();
expectTypeOf<ScreenRenderers['reveal']>().toEqualTypeOf<ComponentType<ScreenProps<'reveal'>>>();

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The kinds the JSON Schema lists under $defs.Screen.oneOf, read from the schema itself. */
function kindsInSchema(): string[] {
  const schema: unknown = JSON.parse(
    readFileSync(resolve(process.cwd(), 'schemas/flow.schema.json'), 'utf8'),
  );
  const defs = isRecord(schema) && isRecord(schema.$defs) ? schema.$defs : {};
  const screen = defs.Screen;
  const variants = isRecord(screen) && Array.isArray(screen.oneOf) ? screen.oneOf : [];
  return variants.flatMap((variant: unknown) => {
    const ref = isRecord(variant) && typeof variant.$ref === 'string' ? variant.$ref : '';
    const def = defs[ref.replace('#/$defs/', '')];
    const kind = isRecord(def) && isRecord(def.properties) ? def.properties.kind : undefined;
    return isRecord(kind) && typeof kind.const === 'string' ? [kind.const] : [];
  });
}

describe('screenRenderers', () => {
  it('has exactly one renderer for every kind in the schema', () => {
    const kinds = kindsInSchema();
    expect(kinds.length).toBeGreaterThanOrEqual(10);
    expect(Object.keys(screenRenderers).sort()).toEqual([...kinds].sort());
  });

  it('maps each kind to a component', () => {
    for (const renderer of Object.values(screenRenderers)) {
      expect(['function', 'object']).toContain(typeof renderer);
    }
  });

  it('preloads the lazy chunks without rejecting, as often as asked', async () => {
    await expect(preloadRenderers()).resolves.toBeUndefined();
    await expect(preloadRenderers()).resolves.toBeUndefined();
  });

  it('keeps the kind type and the registry keys in step', () => {
    const kinds: ScreenKind[] = ['redirect', 'multi-select'];
    for (const kind of kinds) expect(screenRenderers).toHaveProperty(kind);
  });
});
