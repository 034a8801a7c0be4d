/**
 * The engine's own words come from the flow's settings.interface (issue 32: a Spanish visitor hears
 * "Progreso", not "Progress"), and read English where the flow gives none.
 */
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadFlow } from '../../tests/support/load-flow.ts';
import { translateFlow } from '../engine/i18n/translation.ts';
import type { InterfaceTexts } from '../engine/flow.gen.ts';
import { Blocks } from './blocks.tsx';
import { setInterfaceTexts } from './interface-texts.ts';
import { ProgressBar } from './progress-bar.tsx';
import { ScreenErrorFallback } from './screen-error-fallback.tsx';
import { readFileSync } from 'node:fs';

afterEach(() => {
  cleanup();
  setInterfaceTexts(undefined);
});

const flow = loadFlow();
const pack = JSON.parse(readFileSync('flows/skin-funnel.es.json', 'utf8')) as {
  texts: Record<string, { es: string }>;
};
const spanish = translateFlow(flow, {
  language: 'es',
  locale: 'es',
  texts: Object.fromEntries(Object.entries(pack.texts).map(([pointer, text]) => [pointer, text.es])),
}).settings.interface;

function inFlow(texts: InterfaceTexts | undefined, node: ReactNode) {
  setInterfaceTexts(texts);
  return render(node);
}

describe('the interface texts of a flow', () => {
  it('the Spanish file translates every one of them', () => {
    expect(spanish).toBeDefined();
    const english = flow.settings.interface ?? {};
    for (const [key, text] of Object.entries(english)) {
      expect(spanish?.[key as keyof InterfaceTexts], key).toBeTruthy();
      expect(spanish?.[key as keyof InterfaceTexts], key).not.toBe(text);
    }
  });

  it('name the progress bar and the rating in the visit language', () => {
    inFlow(spanish, <ProgressBar progress={{ step: 2, of: 13 }} />);
    expect(screen.getByRole('progressbar', { name: spanish?.progress ?? '' })).toBeInTheDocument();
    cleanup();
    inFlow(spanish, <Blocks blocks={[{ type: 'testimonial', quote: 'Bien', author: 'Ana', rating: 4 }]} />);
    expect(screen.getByText((spanish?.rated ?? '').replace('{rating}', '4'))).toBeInTheDocument();
  });

  it('word the error page in the visit language', () => {
    inFlow(spanish, <ScreenErrorFallback brand="Lumera" restartHref="/" onRetry={() => undefined} />);
    expect(screen.getByRole('heading', { name: spanish?.errorHeadline ?? '' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: spanish?.errorRetry ?? '' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: spanish?.errorRestart ?? '' })).toBeInTheDocument();
  });

  it('read English without a flow', () => {
    render(<ProgressBar progress={{ step: 2, of: 13 }} />);
    expect(screen.getByRole('progressbar', { name: 'Progress' })).toBeInTheDocument();
  });
});
