/**
 * The yardstick of `npm run bench`: a React 19 hello page (createRoot rendering one heading), built
 * with Vite in the same run as the funnel, with this project's React, so both are measured on the same
 * machine at the same moment. Built inside node_modules/.cache so `react` resolves from the project.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="description" content="React 19 hello page, the benchmark's yardstick" />
    <title>Hello</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/main.jsx"></script>
  </body>
</html>
`;

// A heading and a Continue button that puts up the next heading: the yardstick for a tap, too.
const MAIN_JSX = `import { useState } from 'react';
import { createRoot } from 'react-dom/client';
function Hello() {
  const [step, setStep] = useState(1);
  return (
    <main>
      <h1 key={step}>Hello, world{step > 1 ? \` \${step}\` : ''}</h1>
      <button type="button" onClick={() => setStep(step + 1)}>Continue</button>
    </main>
  );
}
createRoot(document.getElementById('root')).render(<Hello />);
`;

/** Builds the hello page; returns the folder with its built index.html. */
export async function buildHelloPage(repoRoot: string): Promise<string> {
  const root = join(repoRoot, 'node_modules', '.cache', 'bench-hello');
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, 'index.html'), INDEX_HTML);
  writeFileSync(join(root, 'main.jsx'), MAIN_JSX);
  const outDir = join(root, 'dist');
  await build({
    root,
    configFile: false,
    logLevel: 'error',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  });
  return outDir;
}
