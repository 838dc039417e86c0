import type { DetailPage } from '../../../contract/pages/descriptor';
import type { DataRecord, RouteParams } from '../../registry';

/**
 * The types the detail page's section renderers share: sections.tsx pairs each kind with its
 * renderer, and a renderer of its own folder (parties/) takes these props without importing
 * that pairing back.
 */
export type Section = DetailPage['sections'][number];
export type Of<K extends Section['kind']> = Extract<Section, { kind: K }>;

/** What a section renderer is given. */
export interface SectionProps<K extends Section['kind'] = Section['kind']> {
  section: Of<K>;
  record: DataRecord;
  params: RouteParams;
  /** After a row action changed something: the record is read again. */
  onDone: () => void;
}
