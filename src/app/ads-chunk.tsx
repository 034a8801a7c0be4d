/**
 * The ad pixel and its consent banner, loaded after the first paint so neither weighs on the first
 * screen. The pixel starts at once when it may (consent 'none', or granted on an earlier visit); with
 * consent 'required' and no choice yet, the banner asks and nothing reaches the provider until then.
 * An "Allow" over a refusal made in another tab of the visit changes the banner's text to say she
 * declined earlier (the flow's consentBanner.declinedEarlier, or the engine's sentence) and asks again.
 */
import { useState } from 'react';
import { ConsentBanner } from '../components/consent-banner.tsx';
import type { Settings } from '../engine/flow.gen.ts';
import { DECLINED_EARLIER_TEXT } from '../tracking/consent.ts';
import { createMetaPixel, type MetaPixel } from '../tracking/meta-pixel.ts';

export interface AdsStart {
  settings: Settings;
  /** A pixel id from the environment (VITE_META_PIXEL_ID); it wins over the flow's `pixelId`. */
  envPixelId: string | undefined;
  /** The landing page's referrer (see landing.ts). */
  referrer: string | null;
  /** Where the consent choice is remembered (localStorage). */
  local: Pick<Storage, 'getItem' | 'setItem'> | null;
  /** Where the events sent this session are remembered (sessionStorage). */
  session: Pick<Storage, 'getItem' | 'setItem'> | null;
}

export interface Ads {
  pixel: MetaPixel;
  /** The consent banner, when it has something to ask; otherwise it renders nothing. */
  AdConsent: () => React.JSX.Element | null;
}

export function startAds(options: AdsStart): Ads {
  const { settings } = options;
  const pixel = createMetaPixel({
    pixelId: (options.envPixelId || settings.pixelId || '').trim(),
    consent: settings.consent ?? 'none',
    marketingHost: settings.marketingHost ?? '',
    referrer: options.referrer,
    window,
    choices: options.local,
    session: options.session,
    log: { info: (message) => console.info(message), warn: (message) => console.warn(message) },
  });
  pixel.start();
  const copy = settings.consentBanner;

  function AdConsent() {
    const [state, setState] = useState(pixel.consentState);
    if ((state !== 'ask' && state !== 'reconfirm') || !copy) return null;
    const choose = (choice: 'granted' | 'denied') => {
      pixel.decide(choice);
      setState(pixel.consentState());
    };
    return (
      <ConsentBanner
        text={state === 'reconfirm' ? (copy.declinedEarlier ?? DECLINED_EARLIER_TEXT) : copy.text}
        acceptLabel={copy.accept}
        declineLabel={copy.decline}
        onAccept={() => choose('granted')}
        onDecline={() => choose('denied')}
      />
    );
  }

  return { pixel, AdConsent };
}
