import { describe, expect, it } from 'vitest';
import { withoutSampleImages } from './without-sample-images.ts';

const sample = { src: '/uploads/doctor.svg', alt: 'Doctor', sample: true };
const real = { src: '/uploads/team.jpg', alt: 'Our team' };

describe('withoutSampleImages (what a production build ships)', () => {
  it('drops image-only blocks that hold a sample (and the checker-only claim flags), keeps real images and every other block', () => {
    const part = {
      start: 'a',
      screens: {
        a: {
          content: [
            { type: 'heading', text: 'Hi', claim: true, when: { var: 'result.band' } },
            { type: 'image', image: sample },
            { type: 'image', image: real },
            { type: 'before-after', before: real, after: sample },
            { type: 'profile', person: 'Dr. Morgan', image: sample },
            { type: 'profile', person: 'Dr. Lee', image: real },
          ],
        },
      },
    };
    expect(withoutSampleImages(part)).toEqual({
      start: 'a',
      screens: {
        a: {
          content: [
            { type: 'heading', text: 'Hi', when: { var: 'result.band' } },
            { type: 'image', image: real },
            { type: 'profile', person: 'Dr. Morgan' },
            { type: 'profile', person: 'Dr. Lee', image: real },
          ],
        },
      },
    });
    expect(JSON.stringify(withoutSampleImages(part))).not.toContain('"sample"');
  });
});
