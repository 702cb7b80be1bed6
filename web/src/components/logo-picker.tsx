import { useEffect, useRef, useState } from 'preact/hooks';
import { LOGO_MAX_BYTES } from '../../../src/directory/directory-contract.js';
import { fileSize } from '../format.js';

export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

/** Why a chosen file cannot be a logo, or null when it can: checked before anything is uploaded. */
export function logoProblem(file: File): string | null {
  if (file.size > LOGO_MAX_BYTES)
    return `This file is ${fileSize(file.size)}; a logo may be at most ${fileSize(LOGO_MAX_BYTES)}.`;
  if (!LOGO_TYPES.includes(file.type)) return 'Choose a PNG, JPEG, WebP or GIF image.';
  return null;
}

/**
 * The logo field: a styled button over the native file input (which stays in the form, focusable
 * and labelled "Logo"), a preview of the chosen image, and its size checked at once.
 */
export function LogoPicker(props: {
  /** The logo the group has now (an edit). */
  current?: string | null;
  /** The server's message about the logo, if any. */
  error?: string;
  onChange?: (file: File | null) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  // A data: URL, not a blob: one: the page's content security policy allows those for images.
  useEffect(() => {
    if (!file) return setPreview(null);
    let current = true;
    const reader = new FileReader();
    reader.onload = () => current && setPreview(String(reader.result));
    reader.readAsDataURL(file);
    return () => {
      current = false;
    };
  }, [file]);

  function choose(chosen: File | null) {
    const refusal = chosen ? logoProblem(chosen) : null;
    setProblem(refusal);
    const kept = refusal ? null : chosen;
    if (!kept && input.current) input.current.value = '';
    setFile(kept);
    props.onChange?.(kept);
  }

  const message = problem ?? props.error;
  const shown = preview ?? props.current ?? null;
  return (
    <div class={message ? 'field invalid' : 'field'}>
      <span class="label" aria-hidden="true">
        Logo
      </span>
      <div class="file-picker">
        {shown ? (
          <img class="logo preview" src={shown} alt="" />
        ) : (
          <span class="logo placeholder preview" aria-hidden="true">
            ?
          </span>
        )}
        <div class="file-controls">
          <input
            ref={input}
            id="logo-file"
            class="file-input"
            type="file"
            name="logo"
            aria-label="Logo"
            aria-describedby="logo-file-status"
            accept={LOGO_TYPES.join(',')}
            onChange={(e) => choose(e.currentTarget.files?.[0] ?? null)}
          />
          <label for="logo-file" class="button secondary small file-button">
            {file || props.current ? 'Choose another image' : 'Choose an image'}
          </label>
          {file && (
            <button type="button" class="link-button small" onClick={() => choose(null)}>
              Remove
            </button>
          )}
          <span id="logo-file-status" class="file-name">
            {file
              ? `${file.name} · ${fileSize(file.size)}`
              : props.current
                ? 'The current logo stays unless you choose another.'
                : `PNG, JPEG, WebP or GIF, at most ${fileSize(LOGO_MAX_BYTES)}.`}
          </span>
        </div>
      </div>
      {message && (
        <span class="error" role="alert" data-field="logo">
          {message}
        </span>
      )}
    </div>
  );
}
