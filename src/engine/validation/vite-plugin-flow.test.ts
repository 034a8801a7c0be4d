import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Rollup } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { flowPlugin } from '../../../common/flow-plugin/vite-plugin-flow.ts';

const fixture = readFileSync(
  resolve(dirname(fileURLToPath(import.meta.url)), '../../../tests/fixtures/flows/valid-flow.json'),
  'utf8',
);
const resultKeys = ['confidenceScore', 'hormonalLabel'];
const roots: string[] = [];

/** A throwaway Vite project whose entry imports virtual:flow, with the given flow file. */
function project(flowText: string): string {
  const root = mkdtempSync(join(tmpdir(), 'flow-plugin-'));
  roots.push(root);
  writeFileSync(join(root, 'index.html'), '<!doctype html><script type="module" src="/main.js"></script>');
  writeFileSync(
    join(root, 'main.js'),
    "import flow from 'virtual:flow';\ndocument.title = flow.id + ' ' + flow.screens[flow.start].kind;\n",
  );
  writeFileSync(join(root, 'flow.json'), flowText);
  return root;
}

function buildProject(root: string) {
  return build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [flowPlugin({ file: 'flow.json', resultKeys })],
    build: { write: false, minify: false },
  });
}

/** A production-like build (the flow as shipped) of a project whose flow's logo is `svg`; its output and warnings. */
async function buildWithLogo(svg: string) {
  const flow = { ...(JSON.parse(fixture) as Record<string, unknown>), theme: { logo: '/uploads/mark.svg' } };
  const root = project(JSON.stringify(flow, null, 2));
  mkdirSync(join(root, 'public', 'uploads'), { recursive: true });
  writeFileSync(join(root, 'public', 'uploads', 'mark.svg'), svg);
  const warnings: string[] = [];
  const output = (await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [flowPlugin({ file: 'flow.json', resultKeys, shipping: true })],
    build: { write: false, minify: false, rollupOptions: { onwarn: (warning) => void warnings.push(warning.message) } },
  })) as Rollup.RolldownOutput;
  const files = output.output.map((file) => file.fileName);
  const code = output.output.flatMap((file) => (file.type === 'chunk' ? [file.code] : [])).join('\n');
  return { files, code, warnings };
}

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('flowPlugin', () => {
  it('serves the validated flow as virtual:flow in a build', async () => {
    const output = await buildProject(project(fixture));
    const code = JSON.stringify(output);
    expect(code).toContain('fixture-funnel');
    expect(code).toContain('Creating Your Protocol');
    expect(code).not.toContain('ajv');
  }, 30_000);

  it('ships an SVG logo as a PNG drawn from it, which the flow then names', async () => {
    const { files, code } = await buildWithLogo(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="12"/></svg>',
    );
    const png = files.find((file) => /^assets\/mark-[0-9a-f]{8}\.png$/.test(file));
    expect(png).toBeDefined();
    expect(code).toContain(`"/${png}"`);
    expect(code).not.toContain('/uploads/mark.svg');
  }, 30_000);

  it('ships a logo it cannot draw as it is, and says why', async () => {
    const { files, code, warnings } = await buildWithLogo('<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0');
    expect(files.filter((file) => file.endsWith('.png'))).toEqual([]);
    expect(code).toContain('"/uploads/mark.svg"');
    expect(warnings.join('\n')).toMatch(/flow\.json: theme\.logo \/uploads\/mark\.svg ships as it is, it could not be drawn as a PNG: SVG data parsing failed/);
  }, 30_000);

  it('fails the build on a broken flow, naming the file, line, pointer and every error', async () => {
    const broken = fixture
      .replace('"next": "email"', '"next": "emial"')
      .replace('"kind": "multi-select"', '"kind": "mutli-select"');
    const brokenGraph = fixture
      .replace('"next": "email"', '"next": "emial"')
      .replace('"to": "concerns"', '"to": "concern"');
    await expect(buildProject(project(broken))).rejects.toThrow(
      /flow\.json:\d+:\d+ \/screens\/concerns\/kind: unknown kind "mutli-select"/,
    );
    await expect(buildProject(project(brokenGraph))).rejects.toThrow(
      /2 errors[\s\S]*flow\.json:\d+:\d+ \/screens\/start\/after\/to: unknown screen "concern"[\s\S]*\/screens\/age\/next: unknown screen "emial"/,
    );
  }, 30_000);

  it('fails the build on an unknown json-logic operator, so a visitor never gets a blank page', async () => {
    const broken = fixture.replace('{ "in": ["none", { "var": "answers.skinIssues" }] }', '{ "contains": ["none", { "var": "answers.skinIssues" }] }');
    await expect(buildProject(project(broken))).rejects.toThrow(
      /flow\.json:\d+:\d+ \/screens\/concerns\/next\/0\/when\/contains: unknown operator "contains" in this rule — did you mean "in"\?/,
    );
  }, 30_000);
});
