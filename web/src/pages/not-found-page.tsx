export function NotFoundPage() {
  return (
    <section class="card narrow">
      <h1>Page not found</h1>
      <p>
        There is nothing here. <a href="/">Back to the groups</a>
      </p>
    </section>
  );
}
