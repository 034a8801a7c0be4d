import { describe, expect, it } from 'vitest';
import { DEFAULT_PORT, startOptions } from './start-options.ts';

describe('npm start options', () => {
  it('serve on 4173 by default, after a build', () => {
    expect(startOptions([], {})).toEqual({ port: DEFAULT_PORT, build: true });
  });

  it('take the port from PORT, and from --port (which wins) in both spellings', () => {
    expect(startOptions([], { PORT: '5000' }).port).toBe(5000);
    expect(startOptions(['--port', '5001'], { PORT: '5000' }).port).toBe(5001);
    expect(startOptions(['--port=5002'], {}).port).toBe(5002);
    expect(startOptions(['-p', '5003'], {}).port).toBe(5003);
  });

  it('take --host with or without an address, and --no-build', () => {
    expect(startOptions(['--host'], {})).toEqual({ port: DEFAULT_PORT, host: true, build: true });
    expect(startOptions(['--host', '0.0.0.0', '--no-build'], {})).toEqual({
      port: DEFAULT_PORT,
      host: '0.0.0.0',
      build: false,
    });
    expect(startOptions(['--host', '--port', '6000'], {})).toEqual({ port: 6000, host: true, build: true });
  });

  it('refuse a port that is not one, naming where it came from', () => {
    expect(() => startOptions([], { PORT: 'abc' })).toThrow(
      'PORT must be a whole number from 1 to 65535, not "abc"',
    );
    expect(() => startOptions(['--port', '70000'], {})).toThrow(/--port must be a whole number/);
    expect(() => startOptions(['--port', '80.5'], {})).toThrow(/--port must be a whole number/);
    expect(() => startOptions(['--port'], {})).toThrow('--port needs a number, e.g. --port 5000');
    expect(() => startOptions(['--prot', '5000'], {})).toThrow(/unknown option "--prot"/);
  });
});
