import { useEffect, useState } from 'preact/hooks';
import { ApiError, type FieldError, me } from '../../api.js';
import { Failed } from '../../components/status.js';

/** An import as GET /api/admin/media/imports/:id answers it (docs/media.md, "Importing over HTTP"). */
interface MediaImport {
  id: number;
  status: 'running' | 'done' | 'interrupted';
  format: string;
  startedBy: string;
  total: number;
  processed: number;
  counts: Record<'added' | 'linked' | 'updated' | 'duplicate' | 'skipped' | 'failed', number>;
  bytes: number;
  rate: number;
  etaSeconds: number | null;
  summary: string;
  failures: Array<{ line: number; reason: string }>;
  startedAt: string;
  finishedAt: string | null;
}

const TYPES: Record<string, string> = {
  json: 'application/json',
  ndjson: 'application/x-ndjson',
  jsonl: 'application/x-ndjson',
  csv: 'text/csv',
};
const POLL_MS = 1000;

async function call<T>(
  method: 'GET' | 'POST',
  url: string,
  body?: { text: string; type: string },
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body) {
    headers['content-type'] = body.type;
    headers['x-csrf-token'] = (await me()).csrfToken;
  }
  let response: Response;
  try {
    response = await fetch(url, { method, headers, body: body?.text, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'NETWORK', 'The server cannot be reached. Check your connection and try again.');
  }
  const answer = (await response.json().catch(() => ({}))) as T & {
    code?: string;
    detail?: string;
    errors?: FieldError[];
  };
  if (!response.ok)
    throw new ApiError(
      response.status,
      answer.code ?? 'ERROR',
      answer.detail ?? `The server answered ${response.status}.`,
      answer.errors ?? [],
    );
  return answer;
}

/**
 * The dashboard's manifest import: a JSON, NDJSON or CSV manifest of remote files goes to
 * POST /api/admin/media/imports, and its progress is followed until it ends.
 */
export function AdminMediaImports() {
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [current, setCurrent] = useState<MediaImport | null>(null);
  const [history, setHistory] = useState<MediaImport[]>([]);

  // The latest imports; a running one is followed at once (it may have been started elsewhere).
  useEffect(() => {
    call<{ imports: MediaImport[] }>('GET', '/api/admin/media/imports').then(
      ({ imports }) => {
        setHistory(imports);
        if (imports[0]?.status === 'running') setCurrent(imports[0]);
      },
      () => undefined,
    );
  }, []);

  const running = current?.status === 'running';
  const currentId = current?.id;
  useEffect(() => {
    if (!running || currentId === undefined) return;
    const timer = setInterval(() => {
      call<{ import: MediaImport }>('GET', `/api/admin/media/imports/${currentId}`).then(
        ({ import: progress }) => {
          setCurrent(progress);
          if (progress.status !== 'running')
            setHistory((list) => [progress, ...list.filter((i) => i.id !== progress.id)]);
        },
        () => undefined,
      );
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [running, currentId]);

  const start = async (event: Event) => {
    event.preventDefault();
    if (!file) return;
    const type = TYPES[file.name.split('.').pop()?.toLowerCase() ?? ''];
    if (!type) {
      setError(new ApiError(415, 'UNSUPPORTED', 'Choose a .json, .ndjson, .jsonl or .csv manifest.'));
      return;
    }
    setSending(true);
    setError(null);
    try {
      const { import: started } = await call<{ import: MediaImport }>('POST', '/api/admin/media/imports', {
        text: await file.text(),
        type,
      });
      setCurrent(started);
    } catch (failure) {
      setError(failure);
    } finally {
      setSending(false);
    }
  };

  const rowErrors =
    error instanceof ApiError ? error.fieldErrors.filter((e) => /^(line|item) /.test(e.field)) : [];
  return (
    <div class="media-import" data-testid="media-import">
      <h2>Import media</h2>
      <p class="muted">
        A manifest of remote files (<code>url</code>, <code>category</code>, credits), as for{' '}
        <code>npm run media -- import-manifest</code>. Rows imported before are skipped.
      </p>
      <form onSubmit={start}>
        <input
          type="file"
          accept=".json,.ndjson,.jsonl,.csv"
          aria-label="Manifest file"
          onChange={(e) => setFile((e.currentTarget as HTMLInputElement).files?.[0] ?? null)}
        />{' '}
        <button type="submit" class="button" disabled={!file || sending || running}>
          {sending ? 'Sending…' : 'Start import'}
        </button>
      </form>
      {error !== null && rowErrors.length === 0 && <Failed error={error} />}
      {rowErrors.length > 0 && (
        <div class="form-error" role="alert">
          <p>The manifest was not imported; fix these rows:</p>
          <ul>
            {rowErrors.map((e) => (
              <li key={e.field}>
                {e.field}: {e.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      {current && <ImportProgress progress={current} />}
      {history.filter((i) => i.id !== current?.id).length > 0 && (
        <details>
          <summary>Earlier imports</summary>
          <ul>
            {history
              .filter((i) => i.id !== current?.id)
              .map((i) => (
                <li key={i.id}>
                  #{i.id} {i.status}, {i.summary} (by {i.startedBy})
                </li>
              ))}
          </ul>
        </details>
      )}
    </div>
  );
}

function ImportProgress({ progress }: { progress: MediaImport }) {
  const { counts } = progress;
  return (
    <section aria-live="polite" data-testid="media-import-progress">
      <h3>
        Import #{progress.id}: {progress.status}
      </h3>
      <progress value={progress.processed} max={Math.max(1, progress.total)} style={{ width: '100%' }} />
      <p>{progress.summary}</p>
      <p class="muted">
        {counts.added} added, {counts.linked} linked, {counts.updated} credits updated, {counts.duplicate}{' '}
        duplicates, {counts.skipped} imported before, {counts.failed} failed
      </p>
      {progress.status === 'interrupted' && (
        <p class="form-error">Interrupted: send the same manifest again to import the rest.</p>
      )}
      {progress.failures.length > 0 && (
        <details open={progress.failures.length <= 20}>
          <summary>
            {progress.failures.length} failed {progress.failures.length === 1 ? 'row' : 'rows'}
          </summary>
          <ul>
            {progress.failures.map((f) => (
              <li key={f.line}>
                line {f.line}: {f.reason}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
