/**
 * The flow map: the committed docs/flow.md is the map of the shipped flow, the map carries routes,
 * delays and guards, and the /__flow page exists in the dev server only.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createServer, resolveConfig } from 'vite';
import { describe, expect, it } from 'vitest';
import { flowMapMarkdown } from '../src/engine/validation/flow-map.ts';
import { loadFlow } from '../tests/support/load-flow.ts';
import { FLOW_MAP_PATH, flowMapPlugin } from './vite-plugin-flow-map.ts';

const root = process.cwd();

describe('docs/flow.md', () => {
  it('is the current map of flows/skin-funnel.json (run `npm run flow:map` after changing the flow)', () => {
    const committed = readFileSync(resolve(root, 'docs/flow.md'), 'utf8');
    expect(committed).toBe(flowMapMarkdown(loadFlow(), 'flows/skin-funnel.json'));
  });
});

describe('the map', () => {
  const fixture = loadFlow(readFileSync(resolve(root, 'tests/fixtures/flows/valid-flow.json'), 'utf8'));
  const map = flowMapMarkdown(fixture, 'tests/fixtures/flows/valid-flow.json');

  it('draws screens with routes and progress, taps, guards, timers, requires and exits', () => {
    expect(map).toContain('s_concerns["concerns · multi-select<br/>/quiz/skin-concerns<br/>progress 1/5"]');
    expect(map).toContain('s_start -.->|"after 1500 ms"| s_concerns');
    expect(map).toContain('s_concerns -->|"Continue if #quot;none#quot; in answers.skinIssues"| s_email');
    expect(map).toContain('s_concerns -->|"Continue, otherwise"| s_age');
    expect(map).toContain('s_reveal -.->|"opened without data.assessmentData"| s_age');
    expect(map).toContain(
      's_protocol -.->|"after 3000 ms"| s_protocol_exit[/"external page https://example.com/recommendation"/]',
    );
    expect(map).toContain('| `concerns` | multi-select | `/quiz/skin-concerns`, `/quiz/step-1` | 1/5 |');
  });
});

describe('the /__flow page', () => {
  it('is a dev-server plugin only: production builds leave it out', async () => {
    expect(flowMapPlugin().apply).toBe('serve');
    const names = async (command: 'build' | 'serve') =>
      (await resolveConfig({ root, logLevel: 'silent' }, command)).plugins.map((plugin) => plugin.name);
    expect(await names('serve')).toContain('funnel-flow-map');
    expect(await names('build')).not.toContain('funnel-flow-map');
  }, 30_000);

  it('shows the map and links every route of every screen', async () => {
    const server = await createServer({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins: [flowMapPlugin()],
      server: { port: 0, host: '127.0.0.1', hmr: false, watch: null },
    });
    await server.listen();
    try {
      const address = server.httpServer?.address();
      if (address === null || address === undefined || typeof address === 'string')
        throw new Error('no port');
      const { port } = address;
      const response = await fetch(`http://127.0.0.1:${port}${FLOW_MAP_PATH}`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain('flowchart TD');
      for (const path of [
        '/',
        '/quiz/step-4',
        '/quiz/dr-morgan-investigation',
        '/results',
        '/lumera-transformation',
      ])
        expect(html).toContain(`<a href="${path}">${path}</a>`);
    } finally {
      await server.close();
    }
  }, 30_000);
});
