/**
 * A list item may be plain text or an object (the schema's ListItem is a oneOf of a Template and two
 * objects). Plain-text items are visitor-facing copy too: the pointer list must name them, or a
 * translated funnel would show them in the default language.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import flowSchema from '../../../schemas/flow.schema.json' with { type: 'json' };
import { flowTexts } from './flow-texts.ts';

const shipped = JSON.parse(readFileSync('flows/skin-funnel.json', 'utf8')) as Record<string, unknown>;

describe('flowTexts and list items', () => {
  it('names plain-text list items beside titled ones', () => {
    const texts = flowTexts(shipped, flowSchema as Record<string, unknown>);
    // analysis-bridge: a list of three plain strings; treatment-projection: a list of titled items.
    expect(texts.get('/screens/analysis-bridge/content/2/items/0')).toBe('Your skin age vs. your real age');
    expect(texts.get('/screens/analysis-bridge/content/2/items/2')).toBe('Which signs weigh most');
    expect(texts.get('/screens/treatment-projection/content/1/items/0/title')).toBe('Firmer, plumper skin');
    // The rule of a list item is no text.
    expect([...texts.keys()].filter((pointer) => pointer.includes('/when'))).toEqual([]);
  });
});
