/** Tables of the genshin area. */
export interface GenshinTables {
  /**
   * Which stored file is a character's picture of one kind: the first request for it fetched it
   * into the media store (pool `genshin`), and from then on its own immutable URL is served.
   * One row per character and kind; whichever instance writes it first, the others read it.
   */
  genshin_images: GenshinImagesTable;
}

export interface GenshinImagesTable {
  /** genshin-db's character id. */
  character_id: number;
  /** icon, sideIcon, card, portrait, cover or avatar. */
  kind: string;
  /** The stored file (media_files), by its content hash. */
  sha256: string;
  ext: string;
  /** Where it was fetched from. */
  source_url: string;
  /** ISO-8601 UTC. */
  stored_at: string;
}
