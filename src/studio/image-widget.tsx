/**
 * The inspector's widget for an image's `src`: the images of public/uploads as thumbnails to pick
 * from, an upload that adds one there, and the path itself, still editable (a URL works too).
 */
import type { RJSFSchema, WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { uploadSrc, type StudioFormContext } from './form-context.ts';

export function ImageWidget({ id, value, onChange, registry, label, disabled, readonly }: WidgetProps<unknown, RJSFSchema, StudioFormContext>) {
  const { uploads, upload } = registry.formContext;
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const src = typeof value === 'string' ? value : '';
  const locked = disabled || readonly;
  const add = (file: File | undefined) => {
    if (file === undefined) return;
    setProblem(undefined);
    upload(file).then(
      (saved) => onChange(uploadSrc(saved)),
      (cause: unknown) => setProblem(cause instanceof Error ? cause.message : String(cause)),
    );
  };
  return (
    <div className="studio-image">
      <input id={id} type="text" value={src} disabled={locked} onChange={(e) => onChange(e.target.value)} />
      <div className="studio-uploads" role="group" aria-label={`Images in public/uploads for ${label || id}`}>
        {uploads.map((file) => {
          const path = uploadSrc(file);
          return (
            <button key={file} type="button" aria-pressed={path === src} disabled={locked} onClick={() => onChange(path)} title={path}>
              <img src={path} alt="" width={48} height={48} loading="lazy" />
              <span>{path.replace('/uploads/', '')}</span>
            </button>
          );
        })}
      </div>
      <label className="studio-upload">
        Upload an image to public/uploads{' '}
        <input type="file" accept="image/png,image/jpeg,image/webp,image/gif,image/svg+xml,image/avif" disabled={locked} onChange={(e) => add(e.target.files?.[0])} />
      </label>
      {problem === undefined ? null : <p className="studio-warning" role="alert">{problem}</p>}
    </div>
  );
}
