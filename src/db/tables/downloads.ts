/** Tables of the downloads area; filled in by the migration of the same name. */
// biome-ignore lint/suspicious/noEmptyInterface: extended as the area grows
export interface DownloadsTables {}
