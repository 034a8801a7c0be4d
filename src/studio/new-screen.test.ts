import { describe, expect, it } from 'vitest';
import { newScreen } from './new-screen.ts';
import { screenDefs } from './screen-schema.ts';

describe('newScreen', () => {
  it('makes a content screen from the schema alone', () => {
    expect(newScreen('content', 'welcome-back', 'age')).toMatchObject({
      kind: 'content',
      route: '/welcome-back',
      content: [{ type: 'heading', text: 'New screen' }],
      button: 'Continue',
      next: 'age',
    });
  });

  it('makes a screen of every kind the schema has', () => {
    for (const kind of screenDefs().keys()) expect(newScreen(kind, 'new', 'x')).toMatchObject({ kind });
  });
});
