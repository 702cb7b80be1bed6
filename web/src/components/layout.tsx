import type { ComponentChildren } from 'preact';
import { useLocation } from 'preact-iso';
import { auth } from '../api.js';
import { useSession } from '../session.js';
import { Failed } from './status.js';
import { useAction } from './use-action.js';

export function Layout({ children }: { children: ComponentChildren }) {
  const { user, refresh, notice, setNotice } = useSession();
  const { path, route } = useLocation();
  const { busy, error, run } = useAction();

  // Whatever the server answered, the page then shows the session as it now is.
  const logout = () =>
    run(async () => {
      await auth.logout().finally(refresh);
      setNotice('You are logged out.');
      route('/');
    });

  const link = (href: string, label: string) => (
    <a
      href={href}
      class={path === href ? 'active' : undefined}
      aria-current={path === href ? 'page' : undefined}
    >
      {label}
    </a>
  );

  return (
    <>
      <header class="site-header">
        <a href="/" class="brand">
          <span class="brand-mark" aria-hidden="true">
            K
          </span>
          Kizuna
        </a>
        <nav aria-label="Main">
          {link('/', 'Groups')}
          {link('/submit', 'Submit a group')}
          {user && link('/mine', 'My groups')}
          {user?.role === 'admin' && link('/admin', 'Admin')}
        </nav>
        <div class="account">
          {user === undefined ? null : user ? (
            <>
              <span class="who" data-testid="who">
                {user.username}
              </span>
              <button type="button" class="link-button" onClick={logout} disabled={busy}>
                Log out
              </button>
            </>
          ) : (
            <>
              {link('/login', 'Log in')}
              <a href="/register" class="button small">
                Sign up
              </a>
            </>
          )}
        </div>
      </header>
      <main>
        {error !== null && <Failed error={error} />}
        {notice && (
          <p class="notice" role="status">
            {notice}
            <button type="button" class="link-button" aria-label="Dismiss" onClick={() => setNotice(null)}>
              ×
            </button>
          </p>
        )}
        {children}
      </main>
      <footer class="site-footer">
        <a href="/docs">API reference</a> · <a href="/api/v1/endpoints">Public bot API</a>
      </footer>
    </>
  );
}
