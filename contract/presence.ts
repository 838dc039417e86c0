import { z } from 'zod';

/**
 * Who else has the same page or role's menu open in an editor (issue 21 "Presence"): the editor
 * sends a heartbeat while it is open (`PUT <page or menu>/presence`, every `heartbeatSeconds`)
 * and leaves when it closes (`DELETE`); an editor whose heartbeat stopped drops out on its own.
 * Each change reaches the others' live message stream as a `presence` event, and they read
 * the list again (`GET`).
 */

export const presentEditorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string().nullable(),
});
export type PresentEditor = z.infer<typeof presentEditorSchema>;

/** The others (never the caller) with the same page or menu open now, first arrived first. */
export const presenceSchema = z.object({
  editors: z.array(presentEditorSchema),
  /** How often the editor sends its heartbeat to stay in the list. */
  heartbeatSeconds: z.number().int().positive(),
});
export type Presence = z.infer<typeof presenceSchema>;
