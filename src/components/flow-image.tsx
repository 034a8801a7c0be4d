import type { Image } from '../engine/flow.gen.ts';
import styles from './flow-image.module.css';

/** The words of the mark on placeholder art: visible to everyone, so a cartoon never passes as proof. */
export const SAMPLE_IMAGE_MARK = 'Sample image';

export interface FlowImageProps {
  /** The image as the flow declares it (`sample: true` marks placeholder art). */
  image: Image;
  /** The class of the `<img>` itself (its shape and aspect ratio). */
  className?: string | undefined;
  /** Draw the mark over the image (default); off when the caller shows it beside a small image. */
  markOver?: boolean;
}

/**
 * An image of the flow. A placeholder (`sample: true`) carries a visible 'Sample image' mark over its
 * corner, and its alternative text says so too, until a real image replaces it.
 */
export function FlowImage({ image, className, markOver = true }: FlowImageProps) {
  // A decorative image (empty alt) stays silent; any other says it is a sample.
  const alt = image.sample && image.alt ? `${image.alt} (${SAMPLE_IMAGE_MARK.toLowerCase()})` : image.alt;
  return (
    <span className={styles.frame}>
      <img className={className} src={image.src} alt={alt} decoding="async" />
      {image.sample && markOver && (
        <span className={styles.mark} aria-hidden="true" data-sample-mark="">
          {SAMPLE_IMAGE_MARK}
        </span>
      )}
    </span>
  );
}

/** The same mark as a line of text, for a small image it would cover. */
export function SampleImageMark() {
  return (
    <span className={styles.inlineMark} data-sample-mark="">
      {SAMPLE_IMAGE_MARK}
    </span>
  );
}
