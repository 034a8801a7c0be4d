/**
 * What every story gets: the app's tokens and base styles (system fonts, so nothing to load), phone
 * widths first, and the a11y addon failing a story with a violation.
 */
import '../src/components/tokens.css';
import type { Preview } from '@storybook/react-vite';
import { languages } from 'virtual:flow-languages';

const phone = (width: number) => ({
  name: `Phone ${width}`,
  styles: { width: `${width}px`, height: '800px' },
  type: 'mobile' as const,
});

const preview: Preview = {
  // The flow's languages: the flow stories show the chosen one (src/flow-stories/story-language.ts).
  globalTypes: {
    language: {
      description: "The flow's language",
      toolbar: { title: 'Language', icon: 'globe', items: languages.available, dynamicTitle: true },
    },
  },
  parameters: {
    viewport: {
      options: {
        phone360: phone(360),
        phone390: phone(390),
        phone430: phone(430),
        tablet: { name: 'Tablet 768', styles: { width: '768px', height: '1024px' }, type: 'tablet' },
        desktop: { name: 'Desktop 1280', styles: { width: '1280px', height: '800px' }, type: 'desktop' },
      },
    },
    layout: 'fullscreen',
    backgrounds: { disable: true },
    controls: { expanded: true },
    a11y: { test: 'error' },
  },
  // Most visitors come from a phone ad: review at a common phone width unless told otherwise.
  initialGlobals: { viewport: { value: 'phone390', isRotated: false }, language: languages.default },
};

export default preview;
