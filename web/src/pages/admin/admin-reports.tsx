import { useState } from 'preact/hooks';
import { admin, type Report, type ReportStatus } from '../../api.js';
import { MoreButton } from '../../components/more-button.js';
import { REASON_LABELS } from '../../components/report-button.js';
import { Segmented } from '../../components/segmented.js';
import { Failed, Loading, StatusBadge } from '../../components/status.js';
import { useAction } from '../../components/use-action.js';
import { useAsync } from '../../components/use-async.js';
import { plural } from '../../format.js';
import { RejectDialog } from './admin-groups.js';

const STATUSES: Record<ReportStatus, string> = { open: 'Open', resolved: 'Resolved', dismissed: 'Dismissed' };

/** The report queue, newest first: resolve (the report was right) or dismiss (it was not). */
export function AdminReports() {
  const [status, setStatus] = useState<ReportStatus>('open');
  const [list, setList, retry] = useAsync(() => admin.reports(status), [status]);
  const { busy, error, run } = useAction();
  const [rejecting, setRejecting] = useState<Report['group'] | null>(null);

  /** Rejecting a group decides its open reports: they leave the open queue. */
  const rejected = (groupId: number) => {
    setRejecting(null);
    if (list.state === 'ready' && status === 'open')
      setList({ ...list.value, items: list.value.items.filter((r) => r.group.id !== groupId) });
  };

  const decide = (report: Report, decision: 'resolve' | 'dismiss') =>
    run(async () => {
      await admin.decideReport(report.id, decision);
      if (list.state !== 'ready') return;
      // Off the open queue; the group's other reports here count one open report less.
      const items = list.value.items
        .filter((r) => r.id !== report.id)
        .map((r) =>
          r.group.id === report.group.id
            ? { ...r, group: { ...r.group, openReports: Math.max(0, r.group.openReports - 1) } }
            : r,
        );
      setList({ ...list.value, items });
    });

  const perGroup = new Map<number, { title: string; openReports: number }>();
  if (list.state === 'ready') for (const r of list.value.items) perGroup.set(r.group.id, r.group);

  return (
    <div>
      <Segmented legend="Show reports" choices={STATUSES} value={status} onChange={setStatus} />
      {error !== null && <Failed error={error} />}
      {list.state === 'loading' && <Loading what="reports" />}
      {list.state === 'failed' && <Failed error={list.error} retry={retry} />}
      {list.state === 'ready' &&
        (list.value.items.length === 0 ? (
          <p class="empty">{status === 'open' ? 'No open reports.' : 'None.'}</p>
        ) : (
          <>
            {status === 'open' && (
              <section class="report-summary" aria-labelledby="reported-groups">
                <h2 id="reported-groups">Reported groups</h2>
                <ul>
                  {[...perGroup.entries()]
                    .sort((a, b) => b[1].openReports - a[1].openReports)
                    .map(([id, group]) => (
                      <li key={id} data-group-id={id}>
                        <span class="title">{group.title}</span>{' '}
                        <span class="pill reports">{plural(group.openReports, 'open report')}</span>
                      </li>
                    ))}
                </ul>
              </section>
            )}
            <ul class="report-list">
              {list.value.items.map((report) => (
                <li key={report.id} class="report-card" data-report-id={report.id}>
                  <div class="report-head">
                    <h3>{report.group.title}</h3>
                    <StatusBadge status={report.group.status} />
                    <span class="pill reports">{plural(report.group.openReports, 'open report')}</span>
                  </div>
                  <p class="report-reason">
                    <strong>{REASON_LABELS[report.reason] ?? report.reason}</strong>
                    <span class="muted">
                      {' '}
                      · by {report.reporter?.username ?? 'a deleted account'} ·{' '}
                      <time dateTime={report.createdAt}>{new Date(report.createdAt).toLocaleString()}</time>
                    </span>
                  </p>
                  {report.text && <blockquote class="report-text">{report.text}</blockquote>}
                  {report.status === 'open' ? (
                    <div class="report-actions">
                      <button
                        type="button"
                        class="button small"
                        disabled={busy}
                        onClick={() => decide(report, 'resolve')}
                        aria-label={`Resolve the report on ${report.group.title}`}
                      >
                        Resolve
                      </button>
                      <button
                        type="button"
                        class="button small secondary"
                        disabled={busy}
                        onClick={() => decide(report, 'dismiss')}
                        aria-label={`Dismiss the report on ${report.group.title}`}
                      >
                        Dismiss
                      </button>
                      {report.group.status !== 'rejected' && (
                        <button
                          type="button"
                          class="button small danger-outline"
                          disabled={busy}
                          aria-haspopup="dialog"
                          onClick={() => setRejecting(report.group)}
                          aria-label={`Reject group ${report.group.title}`}
                        >
                          Reject group
                        </button>
                      )}
                    </div>
                  ) : (
                    <p class="muted small">
                      {STATUSES[report.status]}
                      {report.decidedAt && (
                        <>
                          {' '}
                          <time dateTime={report.decidedAt}>
                            {new Date(report.decidedAt).toLocaleString()}
                          </time>
                        </>
                      )}
                    </p>
                  )}
                </li>
              ))}
            </ul>
            <MoreButton page={list.value} onMore={setList} />
          </>
        ))}
      {rejecting && (
        <RejectDialog
          group={rejecting}
          onClose={() => setRejecting(null)}
          onRejected={() => rejected(rejecting.id)}
        />
      )}
    </div>
  );
}
