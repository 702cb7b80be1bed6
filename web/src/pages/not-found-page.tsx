import { useTitle } from '../use-title.js';

export function NotFoundPage() {
  useTitle('Page not found');
  return (
    <section class="card narrow">
      <h1>Page not found</h1>
      <p>
        There is nothing here. <a href="/">Back to the groups</a>
      </p>
    </section>
  );
}
