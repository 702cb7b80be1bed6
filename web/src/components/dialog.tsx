import type { ComponentChildren } from 'preact';
import { useId, useLayoutEffect, useRef } from 'preact/hooks';
import { Failed } from './status.js';
import { useAction } from './use-action.js';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog, open while it is rendered: the page behind it is inert (the native <dialog>'s
 * showModal), Tab and Shift+Tab cycle through its controls, Escape or a click beside it closes it,
 * and focus goes back to where it was (the button that opened it) when it closes. The control
 * with `autofocus` gets the focus first, else the first one.
 */
export function Dialog(props: {
  title: string;
  onClose: () => void;
  children: ComponentChildren;
  /** The dialog's own test hook and styling name. */
  name?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { onClose } = props;

  // A layout effect: its clean-up runs before the dialog leaves the page (a passive one runs after
  // the next paint, when the focus has already fallen to the body).
  useLayoutEffect(() => {
    const dialog = ref.current as HTMLDialogElement;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      // The opener may be gone (the dialog deleted its group): then the page's main region.
      const back = opener?.isConnected ? opener : document.getElementById('main');
      back?.focus();
    };
  }, []);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Tab') return;
    const dialog = ref.current as HTMLDialogElement;
    const controls = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (element) => element.offsetParent !== null,
    );
    if (controls.length === 0) return;
    const first = controls[0];
    const last = controls[controls.length - 1];
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !dialog.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <dialog
      ref={ref}
      class="dialog"
      data-dialog={props.name}
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: the owner of the dialog decides, by no longer rendering it.
        event.preventDefault();
        onClose();
      }}
      onKeyDown={onKeyDown}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself; its content is inside a box.
        if (event.target === ref.current) onClose();
      }}
    >
      <div class="dialog-box">
        <h2 id={titleId}>{props.title}</h2>
        {props.children}
      </div>
    </dialog>
  );
}

/** "Are you sure?" for something that cannot be undone; the safe answer has the focus. */
export function ConfirmDialog(props: {
  title: string;
  message: ComponentChildren;
  confirm: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const { busy, error, run } = useAction();
  return (
    <Dialog title={props.title} onClose={props.onClose} name="confirm">
      <div class="dialog-message">{props.message}</div>
      {error !== null && <Failed error={error} />}
      <div class="dialog-actions">
        <button type="button" class="button secondary" autofocus onClick={props.onClose}>
          Cancel
        </button>
        <button type="button" class="button danger" disabled={busy} onClick={() => run(props.onConfirm)}>
          {busy ? 'Working…' : props.confirm}
        </button>
      </div>
    </Dialog>
  );
}
