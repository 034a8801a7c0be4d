/** The Flow Studio's entry (src/studio/index.html); served by server/studio.ts, never in dist/. */
import './studio.css';
import { createRoot } from 'react-dom/client';
import { StudioApp } from './studio-app.tsx';

const root = document.getElementById('studio');
if (!root) throw new Error('index.html has no #studio element');
createRoot(root).render(<StudioApp />);
