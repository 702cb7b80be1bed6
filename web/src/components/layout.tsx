import type { ComponentChildren } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { auth } from '../api.js';
import { useSession } from '../session.js';
import { Failed } from './status.js';
import { useAction } from './use-action.js';

export function Layout({ children }: { children: ComponentChildren }) {
  const { user, refresh, notice, setNotice } = useSession();
  const { path, route } = useLocation();
  const { busy, error, run } = useAction();
  const [menuOpen, setMenuOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const header = useRef<HTMLElement>(null);

  // A page change closes the menu of a narrow screen; so does Escape, which hands the focus back.
  useEffect(() => setMenuOpen(false), [path]);
  // A layout effect, so the keys are heard from the moment the open menu is shown: a plain effect
  // waits for the next frame, and an Escape pressed before it was lost.
  useLayoutEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      toggle.current?.focus();
    };
    // A click or tap anywhere outside the header folds it too.
    const onClick = (event: MouseEvent) => {
      if (!(event.target instanceof Node && header.current?.contains(event.target))) setMenuOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('click', onClick);
    };
  }, [menuOpen]);

  // Whatever the server answered, the page then shows the session as it now is.
  const logout = () =>
    run(async () => {
      await auth.logout().finally(refresh);
      setNotice('You are logged out.');
      route('/');
    });

  const current = (href: string) => path === href || (href !== '/' && path.startsWith(`${href}/`));
  const link = (href: string, label: string) => (
    <a
      href={href}
      class={current(href) ? 'active' : undefined}
      aria-current={current(href) ? 'page' : undefined}
      onClick={() => setMenuOpen(false)}
    >
      {label}
    </a>
  );

  return (
    <>
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <header class="site-header" ref={header}>
        <a href="/" class="brand">
          <span class="brand-mark" aria-hidden="true">
            K
          </span>
          Kizuna
        </a>
        <button
          ref={toggle}
          type="button"
          class="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="site-menu"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          <span class="menu-icon" aria-hidden="true" />
          Menu
        </button>
        {/* Beside the brand on a wide screen; behind the Menu button on a narrow one. */}
        <div id="site-menu" class={menuOpen ? 'site-menu open' : 'site-menu'}>
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
                <a href="/register" class="button small" onClick={() => setMenuOpen(false)}>
                  Sign up
                </a>
              </>
            )}
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
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
