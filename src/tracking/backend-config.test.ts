import { describe, expect, it } from 'vitest';
import { backendConfig, LOCAL_ANON_KEY } from './backend-config.ts';

const ORIGIN = 'http://localhost:4173';

describe('backendConfig', () => {
  it('talks to the local backend on the page origin when no env is set', () => {
    expect(backendConfig({}, ORIGIN)).toEqual({ url: ORIGIN, anonKey: LOCAL_ANON_KEY });
    expect(LOCAL_ANON_KEY).toBe('local-anon-key');
  });

  it('treats blank values as unset', () => {
    expect(backendConfig({ VITE_SUPABASE_URL: '  ', VITE_SUPABASE_ANON_KEY: '' }, ORIGIN)).toEqual({
      url: ORIGIN,
      anonKey: LOCAL_ANON_KEY,
    });
  });

  it('uses both values when set, trimmed and without trailing slashes', () => {
    const env = { VITE_SUPABASE_URL: '  https://abc.supabase.co//  ', VITE_SUPABASE_ANON_KEY: ' eyJ.anon.key\n' };
    expect(backendConfig(env, ORIGIN)).toEqual({ url: 'https://abc.supabase.co', anonKey: 'eyJ.anon.key' });
  });

  it('keeps a URL without a trailing slash as it is', () => {
    const env = { VITE_SUPABASE_URL: 'https://abc.supabase.co/base', VITE_SUPABASE_ANON_KEY: 'k' };
    expect(backendConfig(env, ORIGIN)).toEqual({ url: 'https://abc.supabase.co/base', anonKey: 'k' });
  });

  it("throws supabase-js's message when only the key is set", () => {
    expect(() => backendConfig({ VITE_SUPABASE_ANON_KEY: 'k' }, ORIGIN)).toThrow(new Error('supabaseUrl is required.'));
    expect(() => backendConfig({ VITE_SUPABASE_URL: '/', VITE_SUPABASE_ANON_KEY: 'k' }, ORIGIN)).toThrow(
      'supabaseUrl is required.',
    );
  });

  it("throws supabase-js's message when only the URL is set", () => {
    expect(() => backendConfig({ VITE_SUPABASE_URL: 'https://abc.supabase.co' }, ORIGIN)).toThrow(
      new Error('supabaseKey is required.'),
    );
    expect(() => backendConfig({ VITE_SUPABASE_URL: 'https://abc.supabase.co', VITE_SUPABASE_ANON_KEY: ' ' }, ORIGIN)).toThrow(
      'supabaseKey is required.',
    );
  });
});
