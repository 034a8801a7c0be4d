import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatIssue, validateFlowText } from '../../src/engine/validation/validate-flow.ts';
import { missingFilesCheck, shippedUploads } from './flow-uploads.ts';

const publicDir = mkdtempSync(join(tmpdir(), 'flow-uploads-'));
mkdirSync(join(publicDir, 'uploads'));
writeFileSync(join(publicDir, 'uploads', 'stride-lab-mark.svg'), '<svg/>');
afterAll(() => rmSync(publicDir, { recursive: true, force: true }));

const shoeText = readFileSync('flows/shoe-finder.json', 'utf8');

describe('the files a flow takes from public/', () => {
  it('are its favicon, logo and images: the shoe finder ships its own mark and no other upload', () => {
    expect([...shippedUploads(JSON.parse(shoeText))]).toEqual(['/uploads/stride-lab-mark.svg']);
    const skin: unknown = JSON.parse(readFileSync('flows/skin-funnel.json', 'utf8'));
    // It shows no placeholder art (issue 33): only its own mark ships.
    expect([...shippedUploads(skin)]).toEqual(['/uploads/lumera-mark.svg']);
  });

  it('must exist: flow:check names a missing one at its line:column', () => {
    const text = shoeText.replace('"logo": "/uploads/stride-lab-mark.svg"', '"logo": "/uploads/stride-lab-logo.svg"');
    const { errors } = validateFlowText(text, { file: 'flows/shoe.json', checks: [missingFilesCheck(publicDir)] });
    const line = text.split('\n').findIndex((row) => row.includes('stride-lab-logo')) + 1;
    expect(errors.map(formatIssue)).toEqual([
      `flows/shoe.json:${line}:13 /theme/logo: "/uploads/stride-lab-logo.svg" is not a file under public/ — add public/uploads/stride-lab-logo.svg, or fix the path`,
    ]);
    expect(validateFlowText(shoeText, { file: 'flows/shoe.json', checks: [missingFilesCheck(publicDir)] }).errors).toEqual([]);
  });
});
