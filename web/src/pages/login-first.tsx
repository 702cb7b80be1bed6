export function LoginFirst({ to, next }: { to: string; next: string }) {
  return (
    <section class="card narrow">
      <h1>Log in first</h1>
      <p>
        You need an account to {to}. <a href={`/login?next=${encodeURIComponent(next)}`}>Log in</a> or{' '}
        <a href="/register">sign up</a>.
      </p>
    </section>
  );
}
