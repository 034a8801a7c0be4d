import '../components/tokens.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import flow from 'virtual:flow';
import { preloadRenderers } from '../screens/registry.ts';
import { FunnelApp } from './funnel-app.tsx';
import { lazyResults } from './lazy-results.ts';
import { createLocalPorts } from './local-ports.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const results = lazyResults(() => import('./result-code-chunk.ts').then((chunk) => chunk.resultCode));

createRoot(root).render(
  <StrictMode>
    <FunnelApp flow={flow} ports={createLocalPorts(results.fallback)} results={results} storage={safeSessionStorage()} />
  </StrictMode>,
);

// After the first paint, fetch the lazy screens so no later tap waits for the network.
requestAnimationFrame(() => setTimeout(() => void preloadRenderers().catch(() => undefined), 0));

function safeSessionStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}
