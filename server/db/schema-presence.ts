/** Who has an editor open (migration 0038; server/presence/). */

export interface EditingPresenceTable {
  /** `page:<id>` or `menu:<role>`. */
  target: string;
  /** One row per signed-in session (two tabs of one browser share it). */
  session_id: number;
  user_id: number;
  /** The last heartbeat; older than the presence window: gone. */
  seen_at: string;
}

export interface PresenceTables {
  editing_presence: EditingPresenceTable;
}
