/**
 * The ad pixel and its consent banner as the app mounts them (StrictMode, re-renders), on the shipped
 * flow's settings with a pixel id: nothing reaches the provider before the visitor accepts, the pixel is
 * initialised once, and a decline is remembered.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import shipped from '../../flows/skin-funnel.json';
import { CONSENT_KEY } from '../tracking/consent.ts';
import { PIXEL_SCRIPT_URL } from '../tracking/meta-pixel.ts';

const PIXEL = '123456789012345';
const banner = shipped.settings.consentBanner;
const visitor = { sessionId: 's', answers: { email: 'jane@example.com' }, data: {}, leadId: 'lead-1' };

/** A fresh ads chunk (its once-per-page memory included), as a new page load gets. */
async function pageLoad() {
  vi.resetModules();
  const { startAds } = await import('./ads-chunk.tsx');
  return startAds({
    settings: { ...shipped.settings, consent: 'required', pixelId: '' },
    envPixelId: PIXEL,
    referrer: 'https://www.example.com/spring',
    local: localStorage,
    session: sessionStorage,
  });
}

const scripts = () => [...document.querySelectorAll('script')].filter((script) => script.src === PIXEL_SCRIPT_URL);
const fbqCalls = () => window.fbq?.queue ?? [];

beforeEach(() => {
  delete window.fbq;
  delete window._fbq;
  scripts().forEach((script) => script.remove());
});

describe('the consent banner and the pixel', () => {
  it('asks first, sends nothing before acceptance, then initialises exactly once across StrictMode and re-renders', async () => {
    const { AdConsent, pixel } = await pageLoad();
    const view = render(
      <StrictMode>
        <AdConsent />
      </StrictMode>,
    );
    const region = screen.getByRole('region', { name: banner.text });
    expect(region).toBeVisible();
    pixel.track({ event: 'Lead', data: { content_name: 'Anti-Aging Assessment' } }, visitor);
    view.rerender(
      <StrictMode>
        <AdConsent />
      </StrictMode>,
    );
    expect(window.fbq).toBeUndefined();
    expect(scripts()).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: banner.accept }));
    expect(screen.queryByRole('region', { name: banner.text })).not.toBeInTheDocument();
    view.rerender(
      <StrictMode>
        <AdConsent />
      </StrictMode>,
    );
    pixel.start();
    expect(scripts()).toHaveLength(1);
    expect(fbqCalls().filter((call) => call[0] === 'init')).toEqual([['init', PIXEL]]);
    expect(fbqCalls().filter((call) => call[1] === 'PageView')).toHaveLength(1);
    // The Lead that waited for the choice goes out now, once.
    expect(fbqCalls().filter((call) => call[1] === 'Lead')).toEqual([
      ['track', 'Lead', { content_name: 'Anti-Aging Assessment' }, { eventID: 'lead-1' }],
    ]);
    expect(localStorage.getItem(CONSENT_KEY)).toBe('granted');
  });

  it('declining sends nothing and is remembered: the next page load neither asks nor loads', async () => {
    const first = await pageLoad();
    render(<first.AdConsent />);
    await userEvent.click(screen.getByRole('button', { name: banner.decline }));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(localStorage.getItem(CONSENT_KEY)).toBe('denied');

    const next = await pageLoad();
    const { container } = render(<next.AdConsent />);
    expect(container).toBeEmptyDOMElement();
    next.pixel.track({ event: 'Lead' }, visitor);
    expect(window.fbq).toBeUndefined();
    expect(scripts()).toEqual([]);
  });

  it('an accepted choice is remembered: the next page load starts the pixel without asking', async () => {
    localStorage.setItem(CONSENT_KEY, 'granted');
    const { AdConsent } = await pageLoad();
    const { container } = render(<AdConsent />);
    expect(container).toBeEmptyDOMElement();
    expect(fbqCalls()).toContainEqual(['init', PIXEL]);
  });

  it('the banner is a labelled region whose two choices are buttons of the same weight', async () => {
    const { AdConsent } = await pageLoad();
    render(<AdConsent />);
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual([banner.decline, banner.accept]);
    expect(buttons[0]?.className).toBe(buttons[1]?.className);
    expect(document.activeElement).toBe(document.body);
  });
});
