import type { ComponentChildren } from 'preact';
import { useRef, useState } from 'preact/hooks';
import {
  type EDITABLE_FIELDS,
  SUBMISSION_MAX_LENGTH as MAX,
  SUBMISSION_FIELDS,
} from '../../../src/directory/directory-contract.js';
import type { Group } from '../api.js';
import { Field, FormError, fieldError, generalMessage } from './form-field.js';
import { LogoPicker, logoProblem } from './logo-picker.js';

// Suggestions only: the server knows each platform's invite hosts and accepts other names too.
const PLATFORMS = [
  'WhatsApp',
  'Telegram',
  'Discord',
  'Signal',
  'Matrix',
  'LINE',
  'Viber',
  'Slack',
  'KakaoTalk',
];

type EditableField = (typeof EDITABLE_FIELDS)[number];

/** What each field is called on the form, for "your change to … sends it back to review". */
export const FIELD_NAMES: Record<EditableField, string> = {
  title: 'name',
  category: 'category',
  inviteLink: 'invite link',
  description: 'description',
  tags: 'tags',
  logo: 'logo',
  externalImageUrl: 'image link',
};

const tagsText = (tags: string[]) => tags.join(', ');
const sameTags = (a: string, b: string) =>
  a
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean)
    .join(',') ===
  b
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean)
    .join(',');

/** The fields of an edit form whose values differ from the group as it is. */
export function changedFields(form: FormData, group: Group): EditableField[] {
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const logo = form.get('logo');
  const changed: EditableField[] = [];
  if (text('title') !== group.title) changed.push('title');
  if (text('category') !== group.category) changed.push('category');
  if (text('inviteLink') !== group.inviteLink) changed.push('inviteLink');
  if (String(form.get('description') ?? '') !== group.description) changed.push('description');
  if (!sameTags(text('tags'), tagsText(group.tags))) changed.push('tags');
  if (logo instanceof File && logo.size > 0) changed.push('logo');
  if (text('externalImageUrl') !== (group.externalImageUrl ?? '')) changed.push('externalImageUrl');
  return changed;
}

/**
 * The fields of a group, for a submission or an owner's edit (prefilled from `group`; the
 * platform is fixed then). `onSubmit` gets the form as it is to be sent: for an edit only the
 * fields that changed, with the names of those fields.
 */
export function GroupForm(props: {
  group?: Group;
  error: unknown;
  setError: (error: unknown) => void;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  onSubmit: (form: FormData, changed: EditableField[]) => void | Promise<void>;
  /** Shown above the button; for an edit, told the fields changed so far. */
  footer?: (changed: EditableField[]) => ComponentChildren;
}) {
  const { group, error } = props;
  const [changed, setChanged] = useState<EditableField[]>([]);
  const [localProblem, setLocalProblem] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  function track() {
    if (group && formRef.current) setChanged(changedFields(new FormData(formRef.current), group));
  }

  function submit(event: Event) {
    event.preventDefault();
    setLocalProblem(null);
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const logo = form.get('logo');
    if (logo instanceof File && logo.size === 0) form.delete('logo');
    else if (logo instanceof File && logoProblem(logo)) {
      props.setError(null);
      setLocalProblem(logoProblem(logo));
      return;
    }
    if (!group) {
      for (const field of ['externalImageUrl', 'tags']) if (form.get(field) === '') form.delete(field);
      return props.onSubmit(form, []);
    }
    const edited = changedFields(form, group);
    if (edited.length === 0) {
      props.setError(null);
      setLocalProblem('Nothing has changed yet.');
      return;
    }
    const sent = new FormData();
    for (const field of edited) {
      const value = form.get(field);
      if (value !== null) sent.append(field, value);
    }
    return props.onSubmit(sent, edited);
  }

  return (
    <form ref={formRef} onSubmit={submit} onInput={track} onChange={track} encType="multipart/form-data">
      <FormError message={localProblem ?? generalMessage(error, SUBMISSION_FIELDS)} />
      <div class="two-columns">
        <Field label="Name" name="title" error={fieldError(error, 'title')}>
          <input name="title" required maxLength={MAX.title} defaultValue={group?.title} />
        </Field>
        {group ? (
          <Field label="Platform" name="platform" hint="The platform of a group cannot change.">
            <input name="platform" value={group.platform} readOnly aria-readonly="true" class="read-only" />
          </Field>
        ) : (
          <Field label="Platform" name="platform" error={fieldError(error, 'platform')}>
            <input
              name="platform"
              required
              maxLength={MAX.platform}
              list="platforms"
              placeholder="WhatsApp, Telegram, …"
            />
            <datalist id="platforms">
              {PLATFORMS.map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
          </Field>
        )}
        <Field label="Category" name="category" error={fieldError(error, 'category')}>
          <input
            name="category"
            required
            maxLength={MAX.category}
            placeholder="Anime, Gaming, Study, …"
            defaultValue={group?.category}
          />
        </Field>
        <Field
          label="Tags"
          name="tags"
          error={fieldError(error, 'tags')}
          hint="Up to 10, separated by commas"
        >
          <input
            name="tags"
            placeholder="anime, manga"
            defaultValue={group ? tagsText(group.tags) : undefined}
          />
        </Field>
      </div>
      <Field label="Invite link" name="inviteLink" error={fieldError(error, 'inviteLink')}>
        <input
          name="inviteLink"
          type="url"
          required
          maxLength={MAX.inviteLink}
          placeholder="https://chat.whatsapp.com/…"
          defaultValue={group?.inviteLink}
        />
      </Field>
      <Field label="Description" name="description" error={fieldError(error, 'description')}>
        <textarea
          name="description"
          required
          maxLength={MAX.description}
          rows={5}
          defaultValue={group?.description}
        />
      </Field>
      <div class="two-columns">
        <LogoPicker
          current={group?.logoUrl}
          error={fieldError(error, 'logo')}
          onChange={() => {
            setLocalProblem(null);
            track();
          }}
        />
        <Field
          label="…or an image link"
          name="externalImageUrl"
          error={fieldError(error, 'externalImageUrl')}
          hint="https only"
        >
          <input
            name="externalImageUrl"
            type="url"
            maxLength={MAX.externalImageUrl}
            placeholder="https://…"
            defaultValue={group?.externalImageUrl ?? undefined}
          />
        </Field>
      </div>
      {props.footer?.(changed)}
      <div class="form-actions">
        <button type="submit" class="button" disabled={props.busy}>
          {props.busy ? props.busyLabel : props.submitLabel}
        </button>
      </div>
    </form>
  );
}
