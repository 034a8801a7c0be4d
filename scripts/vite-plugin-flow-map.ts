/**
 * Serves `/__flow` in the dev server only (`apply: 'serve'`): the flow's map and a link to every
 * screen. A production build never contains it: Vite drops the plugin from builds, and the page is
 * answered by dev-server middleware, not by anything in the bundle.
 */
import { readFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { formatIssue, validateFlowText } from '../src/engine/validation/validate-flow.ts';
import { flowErrorPage, flowMapPage } from './lib/flow-map-page.ts';
import { flowFile } from '../supabase/functions/_shared/flow-path.ts';

/** The path of the page. */
export const FLOW_MAP_PATH = '/__flow';

export interface FlowMapPluginOptions {
  /** The flow file, relative to Vite's root (default: FLOW, else the default flow). */
  file?: string;
}

/** The dev-server plugin that answers /__flow. */
export function flowMapPlugin(options: FlowMapPluginOptions = {}): Plugin {
  const file = options.file ?? flowFile();
  return {
    name: 'funnel-flow-map',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        if (request.url?.split('?')[0] !== FLOW_MAP_PATH) return next();
        const path = resolve(server.config.root, file);
        const shown = relative(server.config.root, path) || path;
        // Read on every request, so the page follows the file as it is edited.
        readFile(path, 'utf8')
          .then((text) => {
            const { flow, errors } = validateFlowText(text, { file: shown });
            response.statusCode = flow ? 200 : 500;
            response.setHeader('Content-Type', 'text/html; charset=utf-8');
            response.end(flow ? flowMapPage(flow, shown) : flowErrorPage(shown, errors.map(formatIssue)));
          })
          .catch(next);
      });
    },
  };
}
