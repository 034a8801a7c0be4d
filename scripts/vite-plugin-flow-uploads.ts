/**
 * The build ships only the uploads its flow names: Vite copies all of public/ into the build, so once
 * the bundle is written every file under <outDir>/uploads/ that the flow does not name (another flow's
 * pictures, a brand's icon) is removed again. Files outside uploads/ (robots.txt, …) stay as they are.
 */
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import { builtFlowFile } from './lib/built-flow-file.ts';
import { shippedUploads, UPLOADS } from '../common/flow-plugin/flow-uploads.ts';

function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
    );
  } catch {
    return [];
  }
}

/** The Vite plugin that drops the uploads the flow does not name from the build. */
export function flowUploadsPlugin(): Plugin {
  let config: ResolvedConfig | undefined;
  return {
    name: 'funnel-flow-uploads',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    writeBundle: {
      order: 'post',
      handler() {
        if (!config) return;
        // An unreadable flow has already failed the build in the flow plugin.
        const flow: unknown = JSON.parse(readFileSync(builtFlowFile(config), 'utf8'));
        const shipped = shippedUploads(flow);
        const outDir = resolve(config.root, config.build.outDir);
        const uploads = join(outDir, UPLOADS);
        for (const file of filesUnder(uploads)) {
          const path = `/${relative(outDir, file).split(sep).join('/')}`;
          if (!shipped.has(path)) rmSync(file);
        }
      },
    },
  };
}
