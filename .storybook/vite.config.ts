import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { flowPlugin } from '../common/flow-plugin/vite-plugin-flow.ts';
import { flowStoriesPlugin } from '../scripts/vite-plugin-flow-stories.ts';

/** Storybook's Vite config: the app's plugins minus the local backend, plus the generated flow stories. */
export default defineConfig({
  plugins: [react(), flowPlugin({ keepSampleImages: true, languageChunks: false }), flowStoriesPlugin()],
});
