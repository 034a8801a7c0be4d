/**
 * The Flow Studio for a test: a temporary project (a copy of flows/ and public/uploads/, so the repo's
 * files are never changed), the studio server on a free port, and Chromium on it.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { startStudio, type RunningStudio } from '../../server/studio-server.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, repoRoot } from './harness.ts';
import { freePort } from '../support/free-port.ts';

export interface StudioHarness {
  studio: RunningStudio;
  browser: Browser;
  /** The temporary project the studio edits. */
  project: string;
  port: number;
  /** The text of a file of the temporary project. */
  read: (file: string) => string;
  stop: () => Promise<void>;
}

/**
 * The copy's other languages become drafts (same line, so every line:column stays): the tests edit
 * English texts and add screens, which a complete translation would then refuse as missing or stale
 * (issue 32); as drafts those are warnings, and each test judges the edit itself.
 */
function draftLanguages(dir: string): void {
  for (const name of readdirSync(dir).filter((file) => /^[^.]+\.json$/.test(file))) {
    const path = join(dir, name);
    const text = readFileSync(path, 'utf8');
    const languages = (JSON.parse(text) as { languages?: { default: string; available: string[] } }).languages;
    if (!languages) continue;
    const others = languages.available.filter((language) => language !== languages.default);
    writeFileSync(path, text.replace('"drafts": []', `"drafts": ${JSON.stringify(others)}`));
  }
}

export async function startStudioHarness(flowFile: string): Promise<StudioHarness> {
  const project = mkdtempSync(join(tmpdir(), 'studio-project-'));
  cpSync(join(repoRoot, 'flows'), join(project, 'flows'), { recursive: true });
  cpSync(join(repoRoot, 'public/uploads'), join(project, 'public/uploads'), { recursive: true });
  draftLanguages(join(project, 'flows'));
  const port = await freePort();
  const studio = await startStudio({ appRoot: repoRoot, project, flowFile, port, host: '127.0.0.1' });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  return {
    studio,
    browser,
    project,
    port,
    read: (file) => readFileSync(join(project, file), 'utf8'),
    stop: async () => {
      await browser.close().catch(() => undefined);
      await studio.close();
      rmSync(project, { recursive: true, force: true });
    },
  };
}

/** A raw request to the studio, with whatever Host and headers the test wants (fetch can't set Host). */
export function rawRequest(
  port: number,
  options: { method: string; path: string; host?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      // No keep-alive: a socket the server closed while the test was busy must not be reused.
      { host: '127.0.0.1', port, agent: false, method: options.method, path: options.path, headers: { host: options.host ?? `127.0.0.1:${port}`, ...options.headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}
