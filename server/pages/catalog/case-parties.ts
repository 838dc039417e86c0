import type { DetailPage } from '../../../contract/pages/descriptor';

type Section = DetailPage['sections'][number];

/**
 * A case's parties on its pages (issue 19): masked numbers with 查看 for those who may reveal
 * (`can.reveal` of GET /api/cases/:id/parties), and on the working pages 添加当事人 / 编辑 as the
 * answer's `can` allows (operations during intake, the handling lawyer's contact details).
 */
export const partyList: Section = { kind: 'parties', title: 'party.section', path: '/cases/:id/parties' };
export const partyListEditable: Section = { ...partyList, editable: true };
