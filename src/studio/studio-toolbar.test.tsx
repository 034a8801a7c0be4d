import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { StudioToolbar, type StudioToolbarProps } from './studio-toolbar.tsx';

const props = (more: Partial<StudioToolbarProps>): StudioToolbarProps => ({
  file: 'flows/a.json',
  flows: ['flows/a.json'],
  variants: [],
  variant: undefined,
  kinds: [],
  canUndo: false,
  canRedo: false,
  dirty: false,
  report: false,
  onReport: vi.fn(),
  onOpen: vi.fn(),
  onUndo: vi.fn(),
  onRedo: vi.fn(),
  onVariant: vi.fn(),
  onAddScreen: vi.fn(),
  onDeleteScreen: vi.fn(),
  onNewFlow: vi.fn(),
  onSave: vi.fn(),
  onHistory: vi.fn(),
  onPublish: vi.fn(),
  languages: [],
  language: 'en',
  onLanguage: vi.fn(),
  ...more,
});

describe("the studio toolbar's language", () => {
  it('offers the flow’s languages and previews the chosen one', () => {
    const onLanguage = vi.fn();
    render(<StudioToolbar {...props({ languages: ['en', 'es', 'ar'], language: 'en', onLanguage })} />);
    const select = screen.getByRole('combobox', { name: 'Preview language' });
    expect([...(select as HTMLSelectElement).options].map((o) => o.value)).toEqual(['en', 'es', 'ar']);
    fireEvent.change(select, { target: { value: 'ar' } });
    expect(onLanguage).toHaveBeenCalledWith('ar');
  });

  it('has no language select for a single-language flow', () => {
    render(<StudioToolbar {...props({ languages: ['en'] })} />);
    expect(screen.queryByRole('combobox', { name: 'Preview language' })).toBeNull();
  });
});
