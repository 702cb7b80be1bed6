import { useEffect, useState } from 'preact/hooks';

export type Loadable<T> =
  | { state: 'loading' }
  | { state: 'failed'; error: unknown }
  | { state: 'ready'; value: T };

/** Runs `load` whenever a dependency changes; an answer that arrives after a newer request is dropped. */
export function useAsync<T>(
  load: () => Promise<T>,
  deps: unknown[],
): [Loadable<T>, (value: T) => void, () => void] {
  const [result, setResult] = useState<Loadable<T>>({ state: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let current = true;
    setResult({ state: 'loading' });
    load().then(
      (value) => current && setResult({ state: 'ready', value }),
      (error: unknown) => current && setResult({ state: 'failed', error }),
    );
    return () => {
      current = false;
    };
  }, [...deps, round]);
  return [result, (value: T) => setResult({ state: 'ready', value }), () => setRound((n) => n + 1)];
}
