/** The validated flow file, served at build time by scripts/vite-plugin-flow.ts. */
declare module 'virtual:flow' {
  const flow: import('./flow.gen.ts').Flow;
  export default flow;
}

/** The flow file's scoring section (null when it has none), served apart so it loads after the first screen. */
declare module 'virtual:flow-scoring' {
  const scoring: import('./flow.gen.ts').Scoring | null;
  export default scoring;
}
