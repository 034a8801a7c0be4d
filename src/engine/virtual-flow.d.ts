/** The validated flow file, served at build time by common/flow-plugin/vite-plugin-flow.ts. */
declare module 'virtual:flow' {
  const flow: import('./flow.gen.ts').Flow;
  export default flow;
}

/**
 * The flow file's result model (tables, computations, analyses), served apart so it loads after the
 * first screen. The module keeps its first name so code that imports it needs no change of path.
 */
declare module 'virtual:flow-scoring' {
  const model: Pick<import('./flow.gen.ts').Flow, 'computations' | 'tables' | 'analyses' | 'samples'>;
  export default model;
}

/**
 * The flow's id, version, revision (a content hash of the flow file and its language files, stamped by
 * the build) and tracking section, for the tracking code (loaded after the first paint).
 */
declare module 'virtual:flow-tracking' {
  const tracking: Pick<import('./flow.gen.ts').Flow, 'id' | 'version' | 'tracking'> & { revision: string };
  export default tracking;
}

/**
 * The flow's languages and a loader of each language's texts (common/flow-plugin/flow-languages-parts.ts):
 * `packs` for the first load (a language missing there needs none: its texts are in `virtual:flow`),
 * `tablePacks` for the result model's table texts, loaded with the result code.
 */
declare module 'virtual:flow-languages' {
  export const languages: import('./i18n/translation.ts').FlowLanguages;
  export const packs: Record<string, () => Promise<import('./i18n/translation.ts').LanguagePack>>;
  export const tablePacks: Record<string, () => Promise<Record<string, string>>>;
}
