import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ScreenEvent } from '../../engine/events.ts';
import type { ScreenOfKind } from '../../engine/flow-model.ts';
import { PhotoUploadScreen } from './photo-upload.tsx';

const upload: ScreenOfKind<'photo-upload'> = {
  kind: 'photo-upload',
  route: '/photo-analysis',
  progress: { step: 7, of: 13 },
  content: [{ type: 'heading', text: 'Upload a photo for analysis' }],
  pickLabel: 'Upload your photo',
  changeLabel: 'Choose another photo',
  hint: 'Please upload a photo to proceed with analysis',
  formats: 'JPG, PNG (max 10MB)',
  maxBytes: 64,
  tooLargeMessage: 'That photo is over 10 MB.',
  notImageMessage: 'That file is not a photo.',
  checklist: ['No heavy filters or makeup', 'Good lighting', 'Front-facing'],
  footer: [{ type: 'steps', items: ['Analysis', 'Diagnosis', 'Treatment'], current: 0 }],
  overlay: {
    title: 'Analyzing 5 Key Skin Markers…',
    markers: [
      'Wrinkle depth',
      'Jawline contour',
      'Under-eye elasticity',
      'Texture and tone',
      'Surface hydration',
    ],
    progressStep: 8,
    progressTickMs: 25,
    markerTickMs: 150,
  },
  button: 'Analyze My Photo',
  submit: { actor: 'analyzePhoto', onError: 'continue' },
  next: 'detailed-analysis',
};

const PNG_HEADER = '\x89PNG\r\n\x1a\n';

/** jsdom decodes no images; this stand-in loads data URLs whose bytes start like a PNG and fails others. */
class FakeImage {
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  set src(url: string) {
    const bytes = atob(url.slice(url.indexOf(',') + 1));
    setTimeout(() => (bytes.startsWith(PNG_HEADER) ? this.onload?.() : this.onerror?.()), 0);
  }
}

/** A file of `size` bytes that starts with the PNG signature. */
function png(size = 16): File {
  const bytes = new Uint8Array(size);
  bytes.set(Array.from(PNG_HEADER, (char) => char.charCodeAt(0)));
  return new File([bytes], 'me.png', { type: 'image/png' });
}

interface Options {
  photo?: string | null;
  canContinue?: boolean;
  busy?: boolean;
}

function setup({ photo = null, canContinue = false, busy = false }: Options = {}) {
  const send = vi.fn<(event: ScreenEvent) => void>();
  render(
    <PhotoUploadScreen
      screen={upload}
      answers={{}}
      canContinue={canContinue}
      busy={busy}
      error={null}
      photo={photo}
      send={send}
    />,
  );
  return { send };
}

describe('PhotoUploadScreen', () => {
  beforeEach(() => {
    vi.stubGlobal('Image', FakeImage);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('has an image file input with a visible label, the hint, formats, checklist and footer', () => {
    setup();
    const input = screen.getByLabelText('Upload your photo');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', 'image/*');
    expect(screen.getByText('Upload your photo')).toBeVisible();
    expect(screen.getByText('Please upload a photo to proceed with analysis')).toBeInTheDocument();
    expect(screen.getByText('JPG, PNG (max 10MB)')).toBeInTheDocument();
    for (const tip of upload.checklist ?? []) expect(screen.getByText(tip)).toBeInTheDocument();
    expect(screen.getByText('Analysis').closest('li')).toHaveAttribute('aria-current', 'step');
  });

  it('reads a chosen image as a data URL and sends PHOTO_SELECTED', async () => {
    const { send } = setup();
    await userEvent.upload(screen.getByLabelText('Upload your photo'), png());
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    const [event] = send.mock.calls[0] ?? [];
    expect(event).toEqual({
      type: 'PHOTO_SELECTED',
      image: expect.stringMatching(/^data:image\/png;base64,/),
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refuses a file larger than maxBytes with tooLargeMessage and sends nothing', async () => {
    const { send } = setup();
    await userEvent.upload(screen.getByLabelText('Upload your photo'), png(65));
    expect(await screen.findByRole('alert')).toHaveTextContent('That photo is over 10 MB.');
    expect(send).not.toHaveBeenCalled();
  });

  it('refuses a file that is not an image with notImageMessage and sends nothing', async () => {
    const { send } = setup();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(
      screen.getByLabelText('Upload your photo'),
      new File(['hello'], 'notes.txt', { type: 'text/plain' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('That file is not a photo.');
    expect(send).not.toHaveBeenCalled();
  });

  it('refuses a file that claims to be an image but does not decode', async () => {
    const { send } = setup();
    await userEvent.upload(
      screen.getByLabelText('Upload your photo'),
      new File(['%PDF-1.7 not a picture'], 'scan.png', { type: 'image/png' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('That file is not a photo.');
    expect(send).not.toHaveBeenCalled();
  });

  it('clears a previous problem once a good photo is picked', async () => {
    setup();
    await userEvent.upload(screen.getByLabelText('Upload your photo'), png(65));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    await userEvent.upload(screen.getByLabelText('Upload your photo'), png());
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('previews the chosen photo, offers changeLabel and hides the hint', () => {
    setup({ photo: 'data:image/png;base64,AAAA', canContinue: true });
    expect(screen.getByRole('img', { name: 'Your chosen photo' })).toHaveAttribute(
      'src',
      'data:image/png;base64,AAAA',
    );
    expect(screen.getByLabelText('Choose another photo')).toHaveAttribute('type', 'file');
    expect(screen.queryByText('Please upload a photo to proceed with analysis')).not.toBeInTheDocument();
  });

  it('keeps the button disabled until Continue is allowed', async () => {
    const { send } = setup();
    const button = screen.getByRole('button', { name: 'Analyze My Photo' });
    expect(button).toBeDisabled();
    await userEvent.click(button);
    expect(send).not.toHaveBeenCalled();
  });

  it('sends CONTINUE when allowed', async () => {
    const { send } = setup({ photo: 'data:image/png;base64,AAAA', canContinue: true });
    await userEvent.click(screen.getByRole('button', { name: 'Analyze My Photo' }));
    expect(send).toHaveBeenCalledWith({ type: 'CONTINUE' });
  });

  it('has no overlay when idle', () => {
    setup({ photo: 'data:image/png;base64,AAAA', canContinue: true });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  describe('while busy', () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('disables the button and shows the overlay with a rising bar and marker rows', () => {
      setup({ photo: 'data:image/png;base64,AAAA', canContinue: true, busy: true });
      expect(screen.getByRole('button', { name: 'Analyze My Photo' })).toBeDisabled();
      const dialog = screen.getByRole('dialog', { name: 'Analyzing 5 Key Skin Markers…' });
      expect(dialog).toBeInTheDocument();
      const bar = screen.getByRole('progressbar', { name: 'Analyzing 5 Key Skin Markers…' });
      expect(bar).toHaveAttribute('aria-valuenow', '0');

      act(() => vi.advanceTimersByTime(25 * 3));
      expect(bar).toHaveAttribute('aria-valuenow', '24');
      act(() => vi.advanceTimersByTime(75));
      expect(dialog.querySelectorAll('li[data-state="done"]')).toHaveLength(1);

      act(() => vi.advanceTimersByTime(150 * 4));
      expect(bar).toHaveAttribute('aria-valuenow', '100');
      expect(dialog.querySelectorAll('li[data-state="done"]')).toHaveLength(5);
    });
  });
});
