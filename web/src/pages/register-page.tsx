import { useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { auth } from '../api.js';
import { Field, FormError, fieldError, generalMessage } from '../components/form-field.js';
import { useAction } from '../components/use-action.js';
import { useSession } from '../session.js';
import { useTitle } from '../use-title.js';

const FIELDS = ['username', 'email', 'password'];

export function RegisterPage() {
  const { refresh, setNotice } = useSession();
  const { route } = useLocation();
  const [form, setForm] = useState({ username: '', email: '', password: '' });
  const { busy, error, run } = useAction();
  useTitle('Sign up');
  const set = (field: keyof typeof form) => (e: { currentTarget: HTMLInputElement }) =>
    setForm({ ...form, [field]: e.currentTarget.value });

  const submit = (event: Event) => {
    event.preventDefault();
    return run(async () => {
      await auth.register(form);
      // Registering does not log in (the API keeps the two apart); the form does both for the visitor.
      await auth.login({ usernameOrEmail: form.username, password: form.password });
      await refresh();
      setNotice(`Welcome to Kizuna, ${form.username}! You can submit groups and like them now.`);
      route('/');
    });
  };

  return (
    <section class="card narrow">
      <h1>Create an account</h1>
      <form onSubmit={submit}>
        <FormError message={generalMessage(error, FIELDS)} />
        <Field
          label="Username"
          name="username"
          error={fieldError(error, 'username')}
          hint="3 to 50 letters, digits, _ . or -"
        >
          <input
            name="username"
            autocomplete="username"
            required
            value={form.username}
            onInput={set('username')}
          />
        </Field>
        <Field label="E-mail" name="email" error={fieldError(error, 'email')}>
          <input
            name="email"
            type="email"
            autocomplete="email"
            required
            value={form.email}
            onInput={set('email')}
          />
        </Field>
        <Field
          label="Password"
          name="password"
          error={fieldError(error, 'password')}
          hint="At least 8 characters"
        >
          <input
            name="password"
            type="password"
            autocomplete="new-password"
            required
            value={form.password}
            onInput={set('password')}
          />
        </Field>
        <button type="submit" class="button" disabled={busy}>
          {busy ? 'Creating…' : 'Sign up'}
        </button>
      </form>
      <p class="muted">
        Already have an account? <a href="/login">Log in</a>
      </p>
    </section>
  );
}
