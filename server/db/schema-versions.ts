/** The tables of menu versions and of the editors' drafts (migration 0036; server/menus/, server/pages/). */

export interface MenuVersionsTable {
  role: string;
  version: number;
  /** JSON of the tree as it was stored in `menus.tree`; null: a reset to the product's route table. */
  tree: string | null;
  known_routes: string | null;
  /** save | reset | revert */
  kind: string;
  saved_by: number | null;
  saved_at: string;
}

/** One shared draft per page and per role's menu: work in progress, never served to users. */
export interface DescriptorDraftsTable {
  /** page | menu */
  kind: string;
  /** A page id or a role. */
  target: string;
  /** JSON of the draft descriptor or tree, as the editor sent it (not checked beyond the tree limits). */
  body: string;
  /** The published version the draft was started from. */
  base_version: number;
  updated_by: number | null;
  updated_at: string;
}

export interface VersionTables {
  menu_versions: MenuVersionsTable;
  descriptor_drafts: DescriptorDraftsTable;
}
