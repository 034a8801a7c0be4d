/**
 * The skin age of a photo result: the stored assessment's numeric `assessed_skin_age`, or null when
 * there is no assessment or it holds no usable number.
 */
export function photoSkinAge(assessment: unknown): number | null {
  if (assessment === null || typeof assessment !== 'object') return null;
  const value: unknown = Object.getOwnPropertyDescriptor(assessment, 'assessed_skin_age')?.value;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}
