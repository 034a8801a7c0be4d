/**
 * The Node version the configuration page (docs/operators/configuration.md) and package.json name is the truth about the locked dependencies: the
 * page's "installs cleanly" version satisfies every locked package's `engines.node`; the oldest
 * version `engines.node` allows is refused only by the packages the configuration page's note names; and the
 * Node running these tests is one `engines.node` allows.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const read = (file: string): unknown => JSON.parse(readFileSync(resolve(process.cwd(), file), 'utf8'));
const readme = readFileSync(resolve(process.cwd(), 'docs/operators/configuration.md'), 'utf8');

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? Object.fromEntries(Object.entries(value)) : {};
}

/** `engines.node` of every locked package that declares one, by package name. */
function lockedEngines(): Map<string, string> {
  const engines = new Map<string, string>();
  for (const [path, entry] of Object.entries(record(record(read('package-lock.json'))['packages']))) {
    const node = record(record(entry)['engines'])['node'];
    if (path !== '' && typeof node === 'string') engines.set(path.replace(/^.*node_modules\//, ''), node);
  }
  return engines;
}

const declared = record(record(read('package.json'))['engines'])['node'];
const range = typeof declared === 'string' ? declared : '';

/** The locked packages whose engines refuse Node `version`. */
function refusing(version: string): string[] {
  return [...lockedEngines()]
    .filter(([, wanted]) => !semver.satisfies(version, wanted, { includePrerelease: false }))
    .map(([name]) => name);
}

describe('the Node version', () => {
  it('named in the configuration page as the clean install satisfies every locked package and engines.node', () => {
    const clean = /installs cleanly on Node (\d+\.\d+)/.exec(readme)?.[1];
    expect(clean, 'the configuration page says "installs cleanly on Node X.Y"').toBeDefined();
    const version = `${clean}.0`;
    expect(refusing(version)).toEqual([]);
    expect(semver.satisfies(version, range)).toBe(true);
  });

  it("that is engines.node's oldest is refused only by the packages the configuration page's note names", () => {
    const oldest = semver.minVersion(range)?.version ?? '';
    expect(oldest).not.toBe('');
    const refusers = refusing(oldest);
    const named = [...new Set(refusers.map((name) => name.split('/')[0] ?? name))];
    for (const scope of named) expect(readme, `the configuration page names ${scope}`).toContain(scope);
    expect(readme).toContain(`Node ${semver.major(oldest)}.${semver.minor(oldest)}`);
  });

  it('running these tests is one engines.node allows', () => {
    expect(semver.satisfies(process.version, range), `${process.version} in ${range}`).toBe(true);
  });
});
