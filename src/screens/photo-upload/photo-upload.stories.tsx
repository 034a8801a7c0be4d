import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { PhotoUploadScreen } from './photo-upload.tsx';

// A small drawn face stands in for a visitor's selfie (no photo of a person in the repository).
const SAMPLE_PHOTO = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 150"><rect width="120" height="150" fill="#e9d6c9"/><ellipse cx="60" cy="72" rx="34" ry="44" fill="#f3ddd0"/><circle cx="47" cy="66" r="3" fill="#5a4036"/><circle cx="73" cy="66" r="3" fill="#5a4036"/><path d="M48 92 q12 8 24 0" stroke="#a0625a" stroke-width="3" fill="none"/></svg>',
)}`;

/** Photo picker with preview and the analysis overlay; the `screen` control is the screen's JSON. */
const meta = {
  title: 'Renderers/photo-upload',
  component: PhotoUploadScreen,
  tags: ['autodocs'],
  args: {
    screen: {
      kind: 'photo-upload',
      route: '/photo-analysis',
      content: [
        { type: 'steps', items: ['Photo', 'Analysis', 'Plan'], current: 0 },
        { type: 'heading', text: 'Upload a photo for your analysis' },
        { type: 'text', text: 'We read 5 markers in the photo to estimate your result.' },
      ],
      pickLabel: 'Choose a photo',
      changeLabel: 'Choose a different photo',
      hint: 'Please upload a photo to proceed with analysis',
      formats: 'JPG, PNG (max 10MB)',
      maxBytes: 10485760,
      checklist: ['No heavy filters', 'Good, even lighting', 'Face the camera straight on'],
      footer: [
        { type: 'badges', items: ['Private & secure', 'Photo never stored', 'Results in 15 seconds'] },
      ],
      overlay: {
        title: 'Reading 5 Key Markers…',
        markers: [
          'Marker one',
          'Marker two',
          'Marker three',
          'Marker four',
          'Marker five',
        ],
        progressStep: 8,
        progressTickMs: 25,
        markerTickMs: 150,
      },
      button: 'Analyze My Photo',
      submit: { actor: 'analyzePhoto', store: 'assessmentData', onError: 'continue' },
      next: 'detailed-analysis',
    },
    answers: {},
    canContinue: false,
    busy: false,
    error: null,
    photo: null,
    send: fn(),
  },
} satisfies Meta<typeof PhotoUploadScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No photo yet: the hint shows and Analyze is off. */
export const Empty: Story = {};

/** A photo chosen: the preview, 'Choose a different photo', Analyze on. */
export const Selected: Story = {
  args: { photo: SAMPLE_PHOTO, canContinue: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('img', { name: 'Your chosen photo' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Analyze My Photo' })).toBeEnabled();
  },
};

/** Analysing: the overlay with its progress and marker rows. */
export const Loading: Story = {
  args: { photo: SAMPLE_PHOTO, canContinue: true, busy: true },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Reading 5 Key Markers…')).toBeInTheDocument();
  },
};

/** The analysis failed in a way the visitor must hear about. */
export const WithError: Story = {
  name: 'Error',
  args: {
    photo: SAMPLE_PHOTO,
    canContinue: true,
    error: 'We could not find a face in this photo. Please try another.',
  },
};
