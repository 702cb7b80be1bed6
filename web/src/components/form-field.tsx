import type { ComponentChildren } from 'preact';
import { ApiError } from '../api.js';

/** A labelled form control with the server's message for it, if any. */
export function Field(props: {
  label: string;
  name: string;
  error?: string;
  hint?: string;
  children: ComponentChildren;
}) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is among the children
    <label class={props.error ? 'field invalid' : 'field'}>
      <span class="label">{props.label}</span>
      {props.children}
      {props.hint && !props.error && <span class="hint">{props.hint}</span>}
      {props.error && (
        <span class="error" role="alert" data-field={props.name}>
          {props.error}
        </span>
      )}
    </label>
  );
}

/** The message of a failed request that names no field. */
export function FormError({ message }: { message?: string | null }) {
  return message ? (
    <p class="form-error" role="alert">
      {message}
    </p>
  ) : null;
}

/** What to show above a form: the server's message, unless every problem is on a field shown. */
export function generalMessage(error: unknown, fieldsShown: readonly string[]): string | null {
  if (!error) return null;
  if (!(error instanceof ApiError)) return 'Something went wrong. Please try again.';
  if (error.fieldErrors.length > 0 && error.fieldErrors.every((e) => fieldsShown.includes(e.field)))
    return 'Please correct the marked fields.';
  return error.message;
}

/** The server's message for one field of a failed request. */
export function fieldError(error: unknown, field: string): string | undefined {
  return error instanceof ApiError ? error.forField(field) : undefined;
}
