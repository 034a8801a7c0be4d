/**
 * Publish (or restore a version, or keep a draft): her message, the checks' findings when refused, the
 * newer version's changes when another tab or person published first (she sees them before she can
 * publish on top), what the push did, and a draft's preview link with the build's progress.
 */
import { useEffect, useState } from 'react';
import type { Versions } from './use-versions.ts';
import {
  fetchDraftPreview,
  publishFlow,
  pushWords,
  Refusal,
  restoreVersion,
  saveDraft,
  type DraftPreview,
  type FlowVersion,
  type PublishDone,
} from './versions-api.ts';

export interface PublishDialogProps {
  file: string;
  versions: Versions;
  /** Restore this version instead of publishing the file as it is. */
  restore?: FlowVersion | undefined;
  /** Saves unsaved edits first (publish and drafts take the file as saved). */
  saveFirst: () => Promise<void>;
  onClose: () => void;
}

type Outcome =
  | { kind: 'idle' }
  | { kind: 'busy'; what: string }
  | { kind: 'done'; done: PublishDone }
  | { kind: 'refused'; refusal: Refusal }
  | { kind: 'draft'; preview: DraftPreview };

export function PublishDialog({ file, versions, restore, saveFirst, onClose }: PublishDialogProps) {
  const [message, setMessage] = useState('');
  const [draftName, setDraftName] = useState('');
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const base = versions.base ?? '';
  const branch = versions.list?.branch ?? 'main';

  const run = async (what: string, action: () => Promise<void>) => {
    setOutcome({ kind: 'busy', what });
    try {
      await action();
    } catch (cause) {
      setOutcome(cause instanceof Refusal ? { kind: 'refused', refusal: cause } : { kind: 'refused', refusal: new Refusal(String(cause), 0, '', [], undefined, []) });
    }
  };
  const publish = () =>
    run(restore ? 'Restoring…' : 'Checking and publishing…', async () => {
      await saveFirst();
      const done = restore ? await restoreVersion(file, restore.commit, base) : await publishFlow(file, message, base);
      versions.setBase(done.commit);
      versions.reload();
      setOutcome({ kind: 'done', done });
    });
  const draft = () =>
    run('Saving the draft…', async () => {
      await saveFirst();
      const saved = await saveDraft(file, draftName);
      setOutcome({ kind: 'draft', preview: saved.preview });
    });

  const preview = outcome.kind === 'draft' ? outcome.preview : undefined;
  useEffect(() => {
    if (preview === undefined || preview.state !== 'building') return;
    const timer = setTimeout(() => {
      fetchDraftPreview(preview.revision).then(
        (next) => setOutcome({ kind: 'draft', preview: next }),
        (cause: unknown) => setOutcome({ kind: 'refused', refusal: new Refusal(String(cause), 0, '', [], undefined, []) }),
      );
    }, 1000);
    return () => clearTimeout(timer);
  }, [preview]);

  const refusal = outcome.kind === 'refused' ? outcome.refusal : undefined;
  const conflict = refusal?.reason === 'conflict' ? refusal : undefined;
  const busy = outcome.kind === 'busy';
  const title = restore ? `Restore ${file} as of ${restore.commit.slice(0, 8)}?` : `Publish ${file}`;
  return (
    <div className="studio-dialog studio-publish" role="dialog" aria-modal="true" aria-label={title}>
      <h2>{title}</h2>
      {restore ? (
        <p>{`A new version on ${branch} whose flow files equal "${restore.message}" byte for byte; the history stays as it is. It is checked as flow:check --strict checks it, then published like any other.`}</p>
      ) : (
        <>
          <p>{`Checks the flow as flow:check --strict does, commits it on ${branch} with your message${versions.list?.remote ? ` and pushes it to ${versions.list.remote}, so the host builds it` : ' (no remote is configured: it stays on this machine)'}. Only flows/ and public/uploads/ are ever included.`}</p>
          <label>
            What changed, and why
            <textarea aria-label="Publish message" value={message} onChange={(e) => setMessage(e.target.value)} rows={3} />
          </label>
        </>
      )}
      {conflict ? (
        <div className="studio-warning" role="alert">
          <p>{conflict.message}</p>
          <p>What the newer version changed:</p>
          <ul className="studio-version-diff">
            {conflict.diff.map((line, at) => (
              <li key={at}>{line}</li>
            ))}
          </ul>
          <button
            type="button"
            onClick={() => {
              if (conflict.head !== undefined) versions.setBase(conflict.head);
              versions.reload();
              setOutcome({ kind: 'idle' });
            }}
          >
            I have seen it: publish mine on top
          </button>
        </div>
      ) : refusal ? (
        <div className="studio-warning" role="alert">
          <p>{refusal.message}</p>
          {refusal.findings.length > 0 ? <pre className="studio-diff">{refusal.findings.join('\n')}</pre> : null}
        </div>
      ) : null}
      {outcome.kind === 'busy' ? <p role="status">{outcome.what}</p> : null}
      {outcome.kind === 'done' ? (
        <p role="status" className="studio-published">{`${restore ? 'Restored' : 'Published'} as ${outcome.done.commit.slice(0, 8)} on ${outcome.done.branch}; ${pushWords(outcome.done)}.`}</p>
      ) : null}
      <div className="studio-row">
        <button type="button" onClick={() => void publish()} disabled={busy || conflict !== undefined || outcome.kind === 'done' || (!restore && message.trim() === '')}>
          {restore ? 'Restore and publish' : `Publish to ${branch}`}
        </button>
        <button type="button" onClick={onClose}>
          {outcome.kind === 'done' ? 'Close' : 'Cancel'}
        </button>
      </div>
      {restore ? null : (
        <fieldset className="studio-draft">
          <legend>Or keep it as a draft</legend>
          <p>{`Saved on draft/<name>, never on ${branch}, with a preview link of its production build for a colleague's phone.`}</p>
          <label>
            Draft name
            <input aria-label="Draft name" value={draftName} placeholder="new-headline" onChange={(e) => setDraftName(e.target.value.toLowerCase())} />
          </label>
          <button type="button" onClick={() => void draft()} disabled={busy || draftName.trim() === ''}>
            Save draft
          </button>
          {preview ? (
            <div className="studio-preview-link" role="status">
              {preview.state === 'ready' && preview.url ? (
                <p>
                  {`Draft saved on draft/${draftName}. Preview (production build): `}
                  <a href={preview.url} target="_blank" rel="noreferrer">
                    {preview.url}
                  </a>
                  {/^http:\/\/(127\.|localhost|\[::1\])/.test(preview.url)
                    ? ' Only this computer can open it: start the studio with --host 0.0.0.0 for a phone on the same network.'
                    : ''}
                </p>
              ) : (
                <p>{preview.state === 'failed' ? 'The preview build failed:' : `Building the preview of revision ${preview.revision}…`}</p>
              )}
              {preview.state !== 'ready' ? <pre className="studio-diff">{preview.progress.join('\n')}</pre> : null}
            </div>
          ) : null}
        </fieldset>
      )}
    </div>
  );
}
