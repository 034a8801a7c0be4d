// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { LANDING_KEY, rememberLanding } from './landing.ts';

function memoryStorage(initial?: string) {
  const items = new Map<string, string>();
  if (initial !== undefined) items.set(LANDING_KEY, initial);
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('rememberLanding', () => {
  it('stores the first page referrer as the landing', () => {
    const storage = memoryStorage();
    expect(rememberLanding(storage, 'https://www.google.com/')).toEqual({ referrer: 'https://www.google.com/', campaign: {} });
    expect(JSON.parse(storage.items.get(LANDING_KEY) ?? 'null')).toEqual({ referrer: 'https://www.google.com/', campaign: {} });
  });

  it('keeps the first referrer when later pages arrive from elsewhere', () => {
    rememberLanding(sessionStorage, 'https://l.facebook.com/');
    expect(rememberLanding(sessionStorage, 'http://localhost:3000/quiz/age-selection')).toEqual({
      referrer: 'https://l.facebook.com/',
      campaign: {},
    });
    expect(rememberLanding(sessionStorage, '')).toEqual({ referrer: 'https://l.facebook.com/', campaign: {} });
  });

  it('stores an empty referrer as null, and a later referrer does not replace it', () => {
    const storage = memoryStorage();
    expect(rememberLanding(storage, '')).toEqual({ referrer: null, campaign: {} });
    expect(storage.items.get(LANDING_KEY)).toBe('{"referrer":null,"campaign":{}}');
    expect(rememberLanding(storage, 'https://www.google.com/')).toEqual({ referrer: null, campaign: {} });
  });

  it.each([
    ['not JSON', '{"referrer":'],
    ['JSON null', 'null'],
    ['a string', '"https://old.example/"'],
    ['an array', '["https://old.example/"]'],
    ['another shape', '{"ref":"https://old.example/"}'],
    ['a non-string referrer', '{"referrer":42}'],
  ])('treats stored %s as absent and replaces it', (_label, stored) => {
    const storage = memoryStorage(stored);
    expect(rememberLanding(storage, 'https://www.bing.com/')).toEqual({ referrer: 'https://www.bing.com/', campaign: {} });
    expect(storage.items.get(LANDING_KEY)).toBe('{"referrer":"https://www.bing.com/","campaign":{}}');
  });

  it('works without storage, taking this page as the landing', () => {
    expect(rememberLanding(null, 'https://www.google.com/')).toEqual({ referrer: 'https://www.google.com/', campaign: {} });
    expect(rememberLanding(null, '')).toEqual({ referrer: null, campaign: {} });
  });

  it('works when storage throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(rememberLanding(broken, 'https://www.google.com/')).toEqual({ referrer: 'https://www.google.com/', campaign: {} });
  });

  it('cuts a very long referrer to 2048 characters', () => {
    const storage = memoryStorage();
    const long = `https://ads.example/?q=${'x'.repeat(5000)}`;
    const { referrer } = rememberLanding(storage, long);
    expect(referrer).toHaveLength(2048);
    expect(referrer).toBe(long.slice(0, 2048));
    expect(rememberLanding(storage, 'https://other.example/').referrer).toBe(long.slice(0, 2048));
  });

  it('keeps the landing URL campaign for the session: known keys only, trimmed, bounded', () => {
    const storage = memoryStorage();
    const search = `?utm_source=facebook&utm_medium=%20paid%20&utm_campaign=spring&utm_term=skin+age&utm_content=&fbclid=IwAR0&gclid=${'g'.repeat(600)}&utm_id=1&email=a@b.c`;
    const landing = rememberLanding(storage, 'https://l.facebook.com/', search);
    expect(landing.campaign).toEqual({
      utm_source: 'facebook',
      utm_medium: 'paid',
      utm_campaign: 'spring',
      utm_term: 'skin age',
      fbclid: 'IwAR0',
      gclid: 'g'.repeat(500),
    });
    // A later page of the session, without the parameters, still has the landing's campaign.
    expect(rememberLanding(storage, '', '?utm_source=other').campaign).toEqual(landing.campaign);
  });

  it('reads a landing stored by an older page (no campaign) and drops stored junk', () => {
    expect(rememberLanding(memoryStorage('{"referrer":null}'), '', '?utm_source=x')).toEqual({ referrer: null, campaign: {} });
    const junk = '{"referrer":null,"campaign":{"utm_source":7,"evil":"x","gclid":" g "}}';
    expect(rememberLanding(memoryStorage(junk), '').campaign).toEqual({ gclid: 'g' });
  });
});
