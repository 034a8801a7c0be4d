/**
 * Serves `virtual:flow`: the flow file, validated at build time, as a plain object literal. A broken
 * flow fails `vite build` and shows in the dev server's error overlay, so it never reaches a visitor;
 * ajv stays here, in Node, and never enters the browser bundle.
 */
import { readFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import type { Plugin } from 'vite';
import type { Flow } from '../../src/engine/flow.gen.ts';
import { flowFile } from '../../supabase/functions/_shared/flow-path.ts';
import { missingFilesCheck } from './flow-uploads.ts';
import { themeCss, themedHtml } from './theme-html.ts';
import { formatIssue, validateFlowText } from '../../src/engine/validation/validate-flow.ts';
import { firstScreenFlow, partModule, resultModel, trackingPart } from './flow-parts.ts';
import { withoutSampleImages } from './without-sample-images.ts';
import { rasterLogo, type RasterLogo } from './raster-logo.ts';
import { checkLanguageFiles, languagePacks, readLanguageFiles } from './language-files.ts';
import {
  blankTexts,
  isMultilingual,
  LANGUAGES_ID,
  languagesModule,
  TABLE_TEXTS_PREFIX,
  tableTextsModule,
  TEXTS_PREFIX,
  textsModule,
} from './flow-languages-parts.ts';
import { fileLanguage } from '../../src/engine/i18n/translation.ts';
import { readFlowRevision } from '../flow-revision.ts';

const VIRTUAL_ID = 'virtual:flow';
const RESOLVED_ID = '\0virtual:flow';
// The result model (tables, computations, analyses) is served on its own, so it loads with the result
// code after the first screen instead of in the first screen's bundle.
const SCORING_ID = 'virtual:flow-scoring';
const RESOLVED_SCORING_ID = '\0virtual:flow-scoring';
// The flow's id, version, revision and tracking section, for the tracking code that loads after the first
// paint. The revision (common/flow-revision.ts) is a content hash of the flow file and its language files:
// every record the page writes carries it, so the report can tell this build's visits from another's.
const TRACKING_ID = 'virtual:flow-tracking';
const RESOLVED_TRACKING_ID = '\0virtual:flow-tracking';
// The theme's colours and fonts, as a stylesheet (see theme-html.ts).
const THEME_ID = 'virtual:flow-theme.css';
const RESOLVED_THEME_ID = '\0virtual:flow-theme.css';

export interface FlowPluginOptions {
  /** The flow file, relative to Vite's root (default: FLOW, else the default flow; supabase/functions/_shared/flow-path.ts). */
  file?: string;
  /** Result keys some code computes besides the flow's computations (default none). */
  resultKeys?: readonly string[];
  /**
   * Keep images marked `"sample": true` in a production build (default false: placeholder art never
   * reaches a visitor). Storybook keeps them, to show designers where a real photo goes.
   */
  keepSampleImages?: boolean;
  /**
   * Ship a multi-language flow's screens without their texts in a production build, each language a
   * chunk of its own (default true; Storybook keeps the texts in, its stories read them at once).
   */
  languageChunks?: boolean;
  /**
   * Serve the flow as a production build ships it (sample images out, an SVG logo drawn as a PNG; see
   * lib/raster-logo.ts) even from a dev server: the build draws its pages through one, and what it
   * draws must be what the app then adopts. Default: only in a production build (`api.shipping()`).
   */
  shipping?: boolean;
}

/** The Vite plugin that validates the flow file and serves it as `virtual:flow`. */
export function flowPlugin(options: FlowPluginOptions = {}): Plugin {
  const file = options.file ?? flowFile();
  const resultKeys = options.resultKeys ?? [];
  let root = process.cwd();
  // A missing image, favicon or logo fails the build with its line:column (no publicDir: nothing to check).
  let checks: ReturnType<typeof missingFilesCheck>[] = [];
  let production = false;
  // Where the build's PNG logo is written (a dev server that ships, the pages' drawing, only names it).
  let emitsFiles = false;
  let publicDir = '';
  let base = '/';
  // Every virtual module's load reads the flow: its logo is drawn (and a failure told) once per build.
  let drawnLogo: { logo: string | undefined; png: Promise<RasterLogo | undefined> } | undefined;
  // A production build ships each language's texts in a chunk of its own (lib/flow-languages-parts.ts).
  let splitTexts = false;
  const flowPath = () => resolve(root, file);

  return {
    name: 'funnel-flow',
    // Other plugins (the site plugin's routes and headers) read the same flow file through this.
    api: { flowPath, shipping: () => production },
    configResolved(config) {
      root = config.root;
      checks = config.publicDir ? [missingFilesCheck(config.publicDir)] : [];
      production =
        options.shipping === true ||
        (config.command === 'build' && config.isProduction && options.keepSampleImages !== true);
      emitsFiles = config.command === 'build' && !config.build.ssr;
      publicDir = config.publicDir;
      base = config.base;
      splitTexts = config.command === 'build' && config.isProduction && options.languageChunks !== false;
    },
    buildStart() {
      drawnLogo = undefined;
    },
    resolveId(id) {
      if (id === VIRTUAL_ID) return RESOLVED_ID;
      if (id === THEME_ID) return RESOLVED_THEME_ID;
      if (id === TRACKING_ID) return RESOLVED_TRACKING_ID;
      if (id === LANGUAGES_ID || id.startsWith(TEXTS_PREFIX) || id.startsWith(TABLE_TEXTS_PREFIX))
        return `\0${id}`;
      return id === SCORING_ID ? RESOLVED_SCORING_ID : undefined;
    },
    // The page title and description come from the flow (a broken flow fails in load() with its issues).
    async transformIndexHtml(html) {
      const { flow } = validateFlowText(await readFile(flowPath(), 'utf8'), { file: file, resultKeys });
      return flow ? themedHtml(html, flow) : html;
    },
    async load(id) {
      const served = [RESOLVED_ID, RESOLVED_SCORING_ID, RESOLVED_THEME_ID, RESOLVED_TRACKING_ID];
      const languagePart = [LANGUAGES_ID, TEXTS_PREFIX, TABLE_TEXTS_PREFIX].some((prefix) =>
        id.startsWith(`\0${prefix}`),
      );
      if (!served.includes(id) && !languagePart) return undefined;
      const path = flowPath();
      this.addWatchFile(path);
      const shown = relative(root, path) || path;
      const text = await readFile(path, 'utf8').catch((cause: unknown) =>
        this.error(
          `can't read the flow file ${shown}: ${cause instanceof Error ? cause.message : String(cause)}`,
        ),
      );
      const { flow, errors } = validateFlowText(text, { file: shown, resultKeys, checks });
      if (flow === null) {
        const count = `${errors.length} error${errors.length === 1 ? '' : 's'}`;
        this.error(
          `the flow file ${shown} has ${count} (npm run flow:check lists them too):\n${errors.map(formatIssue).join('\n')}`,
        );
      }
      // Its language files are proved with it: a missing or stale translation fails the build too.
      for (const language of await readLanguageFiles(path)) this.addWatchFile(language.file);
      const languages = await checkLanguageFiles(flow, path, shown, text);
      if (languages.errors.length > 0) {
        const count = `${languages.errors.length} error${languages.errors.length === 1 ? '' : 's'}`;
        this.error(
          `the language files of ${shown} have ${count} (npm run flow:check lists them too):\n${languages.errors.map(formatIssue).join('\n')}`,
        );
      }
      const packs = languagePacks(languages);
      const stripped = splitTexts && isMultilingual(flow);
      // A logo that can't be drawn ships as it is (a browser may still show it), and the build says so.
      const wanted = flow.theme?.logo;
      if (production && publicDir && drawnLogo?.logo !== wanted) {
        const png = rasterLogo(wanted, publicDir, base).catch((cause: unknown) => {
          this.warn(
            `${shown}: theme.logo ${wanted} ships as it is, it could not be drawn as a PNG: ${cause instanceof Error ? cause.message : String(cause)}`,
          );
          return undefined;
        });
        drawnLogo = { logo: wanted, png };
      }
      const logo = production && publicDir ? await drawnLogo?.png : undefined;
      if (logo && emitsFiles && id === RESOLVED_ID)
        this.emitFile({ type: 'asset', fileName: logo.fileName, source: logo.png });
      const ship = (f: Flow) => {
        const part = firstScreenFlow(logo ? { ...f, theme: { ...f.theme, logo: logo.url } } : f);
        return production ? withoutSampleImages(part) : part;
      };
      const shipped = ship(stripped ? blankTexts(flow) : flow);
      if (id === `\0${LANGUAGES_ID}`) return languagesModule(flow, stripped, packs);
      if (id.startsWith(`\0${TEXTS_PREFIX}`))
        return textsModule(flow, id.slice(TEXTS_PREFIX.length + 1), packs, ship, shipped, stripped);
      if (id.startsWith(`\0${TABLE_TEXTS_PREFIX}`))
        return tableTextsModule(flow, id.slice(TABLE_TEXTS_PREFIX.length + 1), packs);
      if (id === RESOLVED_THEME_ID) return themeCss(flow.theme);
      // The same hash the studio's history computes for each commit (read from disk as git has it).
      if (id === RESOLVED_TRACKING_ID) return partModule(trackingPart(flow, await readFlowRevision(path)));
      if (id !== RESOLVED_ID) return partModule(resultModel(flow));
      return partModule(shipped);
    },
    // A failed load records no watched file, so a fix must still reload the page and clear the overlay.
    hotUpdate({ file: changed }) {
      const sibling =
        resolve(changed).startsWith(flowPath().replace(/\.json$/, '.')) && fileLanguage(changed);
      if (resolve(changed) !== flowPath() && !sibling) return undefined;
      for (const module of this.environment.moduleGraph.idToModuleMap.values()) {
        if (module.id?.startsWith('\0virtual:flow')) this.environment.moduleGraph.invalidateModule(module);
      }
      this.environment.hot.send({ type: 'full-reload' });
      return [];
    },
  };
}
