/**
 * The studio's versions API (every route under /api/, every one behind the studio token): the flow's
 * history, a version's text (opened read-only), each version's figures, publish, restore, drafts and
 * their preview links. The work is common/flow-publish.ts's, shared with the MCP server.
 */
import type { IncomingMessage } from 'node:http';
import { checkFlow } from '../src/engine/flow-edit/check-flow.ts';
import { DraftPreviews } from '../common/draft-preview.ts';
import { checkedOutRef, pushRemote } from '../common/flow-commit.ts';
import { publishFlow, PublishRefused, restoreFlow, saveDraft, type PublishSettings, type Published } from '../common/flow-publish.ts';
import { listVersions } from '../common/flow-versions.ts';
import { fileAt, revParse } from '../common/git.ts';
import { readableFlow } from './studio-guard.ts';
import { versionFigures } from './version-figures.ts';

export interface VersionsApiOptions extends PublishSettings {
  project: string;
  appRoot: string;
  host: string;
  dataDir: string;
}

type Reply = (status: number, value: unknown) => void;

const MAX_JSON = 64 * 1024;

async function body(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_JSON) throw new PublishRefused(`the request is over ${MAX_JSON} bytes`, 'invalid');
    chunks.push(chunk);
  }
  const value: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new PublishRefused('the request body must be a JSON object', 'invalid');
  return value as Record<string, unknown>;
}

function text(value: Record<string, unknown>, name: string, required = true): string | undefined {
  const field = value[name];
  if (field === undefined && !required) return undefined;
  if (typeof field !== 'string') throw new PublishRefused(`"${name}" must be a string`, 'invalid');
  return field;
}

function published(result: Published): Record<string, unknown> {
  return { ok: true, commit: result.commit, branch: result.branch, files: result.files, push: result.push };
}

/** Handles /api/versions... routes; resolves false when the path is not one of them. */
export function versionsApi(options: VersionsApiOptions) {
  const previews = new DraftPreviews({ project: options.project, appRoot: options.appRoot, host: options.host });
  const settings: PublishSettings = { branch: options.branch, remote: options.remote, author: options.author };
  const flowOf = (file: string) => {
    const checked = readableFlow(options.project, file);
    if (!checked.ok) throw new PublishRefused(checked.message, 'invalid');
    return checked.file;
  };

  const routes: Record<string, (req: IncomingMessage, url: URL, reply: Reply) => Promise<void>> = {
    'GET /api/versions': async (_req, url, reply) => {
      const file = flowOf(url.searchParams.get('file') ?? '');
      const head = await revParse(options.project, `refs/heads/${options.branch}`);
      const versions = head ? await listVersions(options.project, file, { ref: head }) : [];
      const remote = await pushRemote(options.project, options.branch, options.remote).catch(() => undefined);
      const onBranch = (await checkedOutRef(options.project)) === `refs/heads/${options.branch}`;
      reply(200, { branch: options.branch, head: head ?? '', remote: remote ?? null, onBranch, versions });
    },
    'GET /api/version': async (_req, url, reply) => {
      const file = flowOf(url.searchParams.get('file') ?? '');
      const asked = url.searchParams.get('commit') ?? '';
      const commit = /^[0-9a-f]{7,40}$/.test(asked) ? await revParse(options.project, asked) : undefined;
      const bytes = commit ? await fileAt(options.project, commit, file) : undefined;
      if (!commit || !bytes) return reply(404, { error: `no version "${url.searchParams.get('commit') ?? ''}" of ${file}` });
      reply(200, { commit, text: bytes.toString('utf8') });
    },
    'GET /api/version-figures': async (_req, url, reply) => {
      const file = flowOf(url.searchParams.get('file') ?? '');
      const revisions = (url.searchParams.get('revisions') ?? '').split(',').filter((r) => /^[0-9a-f]{12}$/.test(r));
      const current = await fileAt(options.project, 'HEAD', file).catch(() => undefined);
      const flow = current ? checkFlow(current.toString('utf8'), { file }).flow : null;
      if (!flow) return reply(200, { figures: {}, note: `${file} at HEAD does not pass the checker: no figures` });
      const result = await versionFigures(options.dataDir, flow, revisions);
      reply(200, { figures: Object.fromEntries(result.figures), ...(result.note === undefined ? {} : { note: result.note }) });
    },
    'POST /api/publish': async (req, _url, reply) => {
      const value = await body(req);
      const extra = value['extra'];
      const result = await publishFlow(options.project, {
        ...settings,
        flowFile: flowOf(text(value, 'file') ?? ''),
        message: text(value, 'message') ?? '',
        base: text(value, 'base'),
        ...(Array.isArray(extra) ? { extra: extra.map(String) } : {}),
      });
      reply(200, published(result));
    },
    'POST /api/restore': async (req, _url, reply) => {
      const value = await body(req);
      const result = await restoreFlow(options.project, {
        ...settings,
        flowFile: flowOf(text(value, 'file') ?? ''),
        commit: text(value, 'commit') ?? '',
        base: text(value, 'base'),
        message: text(value, 'message', false),
      });
      reply(200, published(result));
    },
    'POST /api/draft': async (req, _url, reply) => {
      const value = await body(req);
      const file = flowOf(text(value, 'file') ?? '');
      const draft = await saveDraft(options.project, { ...settings, flowFile: file, name: text(value, 'name') ?? '', message: text(value, 'message', false) });
      reply(200, { ok: true, ...draft, preview: await previews.open(draft.commit, file) });
    },
    'GET /api/draft-preview': async (_req, url, reply) => {
      const preview = previews.get(url.searchParams.get('revision') ?? '');
      if (!preview) return reply(404, { error: `no preview of revision "${url.searchParams.get('revision') ?? ''}": save a draft first` });
      reply(200, preview);
    },
  };

  return {
    /** Whether `method path` is one of these routes (each needs the studio token). */
    has: (method: string | undefined, path: string): boolean => `${method ?? ''} ${path}` in routes,
    /** Answers a route of has(). */
    handle: async (req: IncomingMessage, url: URL, reply: Reply): Promise<void> => {
      const route = routes[`${req.method ?? ''} ${url.pathname}`];
      if (!route) return reply(404, { error: `no studio API ${req.method ?? ''} ${url.pathname}` });
      try {
        await route(req, url, reply);
      } catch (error) {
        if (!(error instanceof PublishRefused)) throw error;
        const status = error.reason === 'conflict' ? 409 : error.reason === 'check' ? 422 : error.reason === 'outside' ? 403 : 400;
        reply(status, { error: error.message, reason: error.reason, ...error.details });
      }
    },
    close: () => previews.close(),
  };
}
