/**
 * Hands a renderer its screen with every placeholder resolved and every block or list item whose
 * `when` fails removed, so renderers stay pure and never evaluate rules themselves.
 */
import type { Scope, Screen } from './flow-model.ts';
import { holds } from './rules.ts';
import { interpolate } from './template.ts';

/** Properties that hold ids, routes, stored values or behaviour, never copy (the validator reads copy the same way). */
export const NOT_COPY: ReadonlySet<string> = new Set([
  'kind', 'route', 'aliases', 'answer', 'next', 'requires', 'enter', 'continue', 'submit', 'after',
  'track', 'sampleAnswers', 'when', 'name', 'type', 'autocomplete', 'options',
]);

export function resolveScreen<S extends Screen>(screen: S, scope: Scope): S {
  const copy = structuredClone(screen);
  resolveNode(copy, scope);
  if ('options' in copy) {
    for (const option of copy.options) option.label = interpolate(option.label, scope);
  }
  return copy;
}

function resolveNode(node: unknown, scope: Scope): void {
  if (Array.isArray(node)) {
    for (let i = node.length - 1; i >= 0; i--) {
      const item: unknown = node[i];
      if (isHidden(item, scope)) node.splice(i, 1);
      else if (typeof item === 'string') node[i] = interpolate(item, scope);
      else resolveNode(item, scope);
    }
    return;
  }
  if (node === null || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node)) {
    if (NOT_COPY.has(key)) continue;
    if (typeof value === 'string') Reflect.set(node, key, interpolate(value, scope));
    else resolveNode(value, scope);
  }
}

function isHidden(item: unknown, scope: Scope): boolean {
  if (item === null || typeof item !== 'object' || !('when' in item)) return false;
  return !holds(item.when, scope);
}
