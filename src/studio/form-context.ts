/**
 * What the inspector's own widgets need beyond their field: the placeholders in scope on the screen
 * (template-widget.tsx) and the images of public/uploads, with a way to add one (image-widget.tsx).
 * It reaches them through react-jsonschema-form's formContext.
 */
import type { ScopedPlaceholder } from '../engine/flow-edit/placeholder-scope.ts';

export interface StudioFormContext {
  /** The placeholders the checker accepts in this screen's copy. */
  placeholders: readonly ScopedPlaceholder[];
  /** Image files of public/uploads (e.g. public/uploads/doctor.svg). */
  uploads: readonly string[];
  /** Saves a picked image file into public/uploads; resolves to its path there. */
  upload: (file: File) => Promise<string>;
}

/** The path a flow names an upload by: public/uploads/x.svg is served as /uploads/x.svg. */
export function uploadSrc(file: string): string {
  return file.replace(/^public\//, '/');
}
