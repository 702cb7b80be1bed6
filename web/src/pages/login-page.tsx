import { useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { auth } from '../api.js';
import { Field, FormError, fieldError, generalMessage } from '../components/form-field.js';
import { useAction } from '../components/use-action.js';
import { useSession } from '../session.js';
import { useTitle } from '../use-title.js';

export function LoginPage() {
  const { refresh, setNotice } = useSession();
  const { route, query } = useLocation();
  const [usernameOrEmail, setUsernameOrEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, error, run } = useAction();
  useTitle('Log in');

  const submit = (event: Event) => {
    event.preventDefault();
    return run(async () => {
      const { user } = await auth.login({ usernameOrEmail, password });
      await refresh();
      setNotice(`Welcome back, ${user.username}.`);
      route(safeNext(query.next));
    });
  };

  return (
    <section class="card narrow">
      <h1>Log in</h1>
      <form onSubmit={submit}>
        <FormError message={generalMessage(error, ['usernameOrEmail', 'password'])} />
        <Field label="Username or e-mail" name="usernameOrEmail" error={fieldError(error, 'usernameOrEmail')}>
          <input
            name="usernameOrEmail"
            autocomplete="username"
            required
            value={usernameOrEmail}
            onInput={(e) => setUsernameOrEmail(e.currentTarget.value)}
          />
        </Field>
        <Field label="Password" name="password" error={fieldError(error, 'password')}>
          <input
            name="password"
            type="password"
            autocomplete="current-password"
            required
            value={password}
            onInput={(e) => setPassword(e.currentTarget.value)}
          />
        </Field>
        <button type="submit" class="button" disabled={busy}>
          {busy ? 'Logging in…' : 'Log in'}
        </button>
      </form>
      <p class="muted">
        No account yet? <a href="/register">Sign up</a>
      </p>
    </section>
  );
}

/** Only our own pages are a place to go after login, never another site. */
export function safeNext(next: string | undefined): string {
  return next && /^\/(?!\/)[\w\-/?=&%.]*$/.test(next) ? next : '/';
}
