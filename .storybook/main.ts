/**
 * Storybook for designers: the renderers and shared components (`*.stories.tsx` beside them), and one
 * story per screen of the flow file, generated from it when Storybook indexes it (see
 * scripts/vite-plugin-flow-stories.ts). No network here or in CI, so telemetry is off.
 */
import type { StorybookConfig } from '@storybook/react-vite';
import { flowStoriesIndexer } from '../scripts/vite-plugin-flow-stories.ts';
import { flowFile } from '../supabase/functions/_shared/flow-path.ts';

const config: StorybookConfig = {
  framework: {
    name: '@storybook/react-vite',
    // Storybook's own Vite config: the app's (vite.config.ts) also mounts the local backend server.
    options: { builder: { viteConfigPath: '.storybook/vite.config.ts' } },
  },
  stories: ['../src/**/*.mdx', '../src/**/*.stories.@(ts|tsx)', `../${flowFile()}`],
  experimental_indexers: async (existing) => [flowStoriesIndexer(), ...(existing ?? [])],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y'],
  // Placeholder cartoons live outside public/, so no build ever ships one; the stories still show them.
  staticDirs: ['../public', './sample-art'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
};

export default config;
