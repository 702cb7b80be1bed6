import { useEffect } from 'preact/hooks';

/** The tab's title for the page shown: "Submit a group · Kizuna", or "Kizuna" alone. */
export function useTitle(title: string | null) {
  useEffect(() => {
    document.title = title ? `${title} · Kizuna` : 'Kizuna';
  }, [title]);
}
