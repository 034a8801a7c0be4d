/** The validated flow file, served at build time by scripts/vite-plugin-flow.ts. */
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

/** The flow's id, version and tracking section, for the tracking code (loaded after the first paint). */
declare module 'virtual:flow-tracking' {
  const tracking: Pick<import('./flow.gen.ts').Flow, 'id' | 'version' | 'tracking'>;
  export default tracking;
}
