/** The validated flow file, served at build time by scripts/vite-plugin-flow.ts. */
declare module 'virtual:flow' {
  const flow: import('./flow.gen.ts').Flow;
  export default flow;
}
