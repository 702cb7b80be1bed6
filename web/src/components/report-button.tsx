import { useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import {
  REPORT_REASONS,
  REPORT_TEXT_MAX_LENGTH,
  type ReportReason,
} from '../../../src/directory/directory-contract.js';
import { type Group, groups } from '../api.js';
import { useSession } from '../session.js';
import { Dialog } from './dialog.js';
import { Field, FormError, fieldError, generalMessage } from './form-field.js';
import { useAction } from './use-action.js';

export const REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam or advertising',
  scam: 'Scam or fraud',
  nsfw: 'Adult content',
  hate: 'Hate or harassment',
  'dead-link': 'The invite link does not work',
  other: 'Something else',
};

/** "Report": a dialog that sends a moderator a reason from the fixed list and a few words. */
export function ReportButton({ group }: { group: Group }) {
  const { user } = useSession();
  const { url } = useLocation();
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);

  if (!user)
    return (
      <a class="link-button small" href={`/login?next=${encodeURIComponent(url)}`}>
        Report
      </a>
    );
  if (sent)
    return (
      <span class="muted small" role="status">
        Reported, thank you
      </span>
    );
  return (
    <>
      <button
        type="button"
        class="link-button small"
        aria-haspopup="dialog"
        aria-label={`Report ${group.title}`}
        onClick={() => setOpen(true)}
      >
        Report
      </button>
      {open && (
        <ReportDialog
          group={group}
          onClose={() => setOpen(false)}
          onSent={() => {
            setOpen(false);
            setSent(true);
          }}
        />
      )}
    </>
  );
}

function ReportDialog(props: { group: Group; onClose: () => void; onSent: () => void }) {
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [text, setText] = useState('');
  const { busy, error, run } = useAction();

  const submit = (event: Event) => {
    event.preventDefault();
    if (!reason) return;
    return run(async () => {
      const words = text.trim();
      await groups.report(props.group.id, words ? { reason, text: words } : { reason });
      props.onSent();
    });
  };

  return (
    <Dialog title={`Report “${props.group.title}”`} onClose={props.onClose} name="report">
      <form onSubmit={submit}>
        <p class="muted">A moderator looks at every report and decides what happens to the group.</p>
        <FormError message={generalMessage(error, ['reason', 'text'])} />
        <Field label="Reason" name="reason" error={fieldError(error, 'reason')}>
          <select
            name="reason"
            required
            autofocus
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value as ReportReason)}
          >
            <option value="" disabled>
              Choose a reason…
            </option>
            {REPORT_REASONS.map((key) => (
              <option key={key} value={key}>
                {REASON_LABELS[key]}
              </option>
            ))}
          </select>
        </Field>
        <Field
          label="Details (optional)"
          name="text"
          error={fieldError(error, 'text')}
          hint={`What should a moderator know? Up to ${REPORT_TEXT_MAX_LENGTH} characters.`}
        >
          <textarea
            name="text"
            rows={4}
            maxLength={REPORT_TEXT_MAX_LENGTH}
            value={text}
            onInput={(e) => setText(e.currentTarget.value)}
          />
        </Field>
        <div class="dialog-actions">
          <button type="button" class="button secondary" onClick={props.onClose}>
            Cancel
          </button>
          <button type="submit" class="button" disabled={busy}>
            {busy ? 'Sending…' : 'Send report'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
