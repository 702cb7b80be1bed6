/**
 * Kizuna's colours and type on the API reference (/docs): the palette of the browser UI
 * (web/src/styles.css), light and dark, in Scalar's theme variables. Scalar follows the reader's
 * light or dark preference and keeps a toggle.
 */
export const SCALAR_CSS = `
:root {
  --scalar-font: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif;
  --scalar-font-code: ui-monospace, "SFMono-Regular", "Cascadia Mono", "DejaVu Sans Mono", Menlo, monospace;
  --scalar-radius: 8px;
  --scalar-radius-lg: 12px;
  --scalar-radius-xl: 14px;
}
.light-mode {
  --scalar-color-1: #1f1b2e;
  --scalar-color-2: #4f4966;
  --scalar-color-3: #6b6580;
  --scalar-color-accent: #6a3df0;
  --scalar-link-color: #6a3df0;
  --scalar-background-1: #ffffff;
  --scalar-background-2: #f7f5fb;
  --scalar-background-3: #ece8f6;
  --scalar-background-accent: #7c4dff1a;
  --scalar-border-color: #e4e0ee;
  --scalar-button-1: #7c4dff;
  --scalar-button-1-color: #ffffff;
  --scalar-button-1-hover: #6a3df0;
  --scalar-color-green: #2e7d32;
  --scalar-color-red: #c62828;
  --scalar-color-yellow: #9a6700;
  --scalar-color-blue: #1e63c4;
  --scalar-color-orange: #b25000;
  --scalar-color-purple: #7c4dff;
}
.dark-mode {
  --scalar-color-1: #ece9f5;
  --scalar-color-2: #c9c3dc;
  --scalar-color-3: #a39dbb;
  --scalar-color-accent: #b59cff;
  --scalar-link-color: #b59cff;
  --scalar-background-1: #15121f;
  --scalar-background-2: #201c2e;
  --scalar-background-3: #2a253b;
  --scalar-background-accent: #9e7bff24;
  --scalar-border-color: #343047;
  --scalar-button-1: #9e7bff;
  --scalar-button-1-color: #15121f;
  --scalar-button-1-hover: #b59cff;
  --scalar-color-green: #66bb6a;
  --scalar-color-red: #ef5350;
  --scalar-color-yellow: #ffb74d;
  --scalar-color-blue: #64a8ff;
  --scalar-color-orange: #ff9a57;
  --scalar-color-purple: #b59cff;
}
.light-mode .t-doc__sidebar, .light-mode .sidebar {
  --scalar-sidebar-background-1: #f7f5fb;
  --scalar-sidebar-color-1: #1f1b2e;
  --scalar-sidebar-color-2: #4f4966;
  --scalar-sidebar-border-color: #e4e0ee;
  --scalar-sidebar-item-hover-background: #ece8f6;
  --scalar-sidebar-item-hover-color: #1f1b2e;
  --scalar-sidebar-item-active-background: #7c4dff1f;
  --scalar-sidebar-color-active: #5a2fe0;
  --scalar-sidebar-search-background: #ffffff;
  --scalar-sidebar-search-color: #6b6580;
  --scalar-sidebar-search-border-color: #e4e0ee;
}
.dark-mode .t-doc__sidebar, .dark-mode .sidebar {
  --scalar-sidebar-background-1: #1a1726;
  --scalar-sidebar-color-1: #ece9f5;
  --scalar-sidebar-color-2: #a39dbb;
  --scalar-sidebar-border-color: #343047;
  --scalar-sidebar-item-hover-background: #2a253b;
  --scalar-sidebar-item-hover-color: #ece9f5;
  --scalar-sidebar-item-active-background: #9e7bff2e;
  --scalar-sidebar-color-active: #c7b5ff;
  --scalar-sidebar-search-background: #15121f;
  --scalar-sidebar-search-color: #a39dbb;
  --scalar-sidebar-search-border-color: #343047;
}
`;
