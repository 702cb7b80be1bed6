import { useLocation } from 'preact-iso';
import {
  LOGO_MAX_BYTES,
  SUBMISSION_MAX_LENGTH as MAX,
  SUBMISSION_FIELDS,
} from '../../../src/directory/directory-contract.js';
import { ApiError, groups } from '../api.js';
import { Field, FormError, fieldError, generalMessage } from '../components/form-field.js';
import { useAction } from '../components/use-action.js';
import { useSession } from '../session.js';
import { LoginFirst } from './login-first.js';

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

export function SubmitPage() {
  const { user, setNotice } = useSession();
  const { route } = useLocation();
  const { busy, error, setError, run } = useAction();

  if (user === undefined) return null;
  if (!user) return <LoginFirst to="submit a group" next="/submit" />;

  function submit(event: Event) {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const logo = form.get('logo');
    if (logo instanceof File && logo.size === 0) form.delete('logo');
    else if (logo instanceof File && logo.size > LOGO_MAX_BYTES) {
      setError(
        new ApiError(413, 'PAYLOAD_TOO_LARGE', 'The logo is too large.', [
          { field: 'logo', message: 'must be at most 2 MB' },
        ]),
      );
      return;
    }
    for (const field of ['externalImageUrl', 'tags']) if (form.get(field) === '') form.delete(field);
    return run(async () => {
      const { group } = await groups.submit(form);
      setNotice(
        `Thank you! “${group.title}” is waiting for a moderator and shows up in the directory once verified.`,
      );
      route('/mine');
    });
  }

  return (
    <section class="card">
      <h1>Submit a group</h1>
      <p class="muted">A moderator checks every group before it is listed.</p>
      <form onSubmit={submit} encType="multipart/form-data">
        <FormError message={generalMessage(error, SUBMISSION_FIELDS)} />
        <div class="two-columns">
          <Field label="Name" name="title" error={fieldError(error, 'title')}>
            <input name="title" required maxLength={MAX.title} />
          </Field>
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
          <Field label="Category" name="category" error={fieldError(error, 'category')}>
            <input name="category" required maxLength={MAX.category} placeholder="Anime, Gaming, Study, …" />
          </Field>
          <Field label="Invite link" name="inviteLink" error={fieldError(error, 'inviteLink')}>
            <input name="inviteLink" type="url" required placeholder="https://chat.whatsapp.com/…" />
          </Field>
        </div>
        <Field label="Description" name="description" error={fieldError(error, 'description')}>
          <textarea name="description" required maxLength={MAX.description} rows={5} />
        </Field>
        <Field
          label="Tags"
          name="tags"
          error={fieldError(error, 'tags')}
          hint="Up to 10, separated by commas"
        >
          <input name="tags" placeholder="anime, manga" />
        </Field>
        <div class="two-columns">
          <Field
            label="Logo"
            name="logo"
            error={fieldError(error, 'logo')}
            hint="PNG, JPEG, WebP or GIF, at most 2 MB"
          >
            <input name="logo" type="file" accept="image/png,image/jpeg,image/webp,image/gif" />
          </Field>
          <Field
            label="…or an image link"
            name="externalImageUrl"
            error={fieldError(error, 'externalImageUrl')}
            hint="https only"
          >
            <input name="externalImageUrl" type="url" placeholder="https://…" />
          </Field>
        </div>
        <button type="submit" class="button" disabled={busy}>
          {busy ? 'Submitting…' : 'Submit for review'}
        </button>
      </form>
    </section>
  );
}
