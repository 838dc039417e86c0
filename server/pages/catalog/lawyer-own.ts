import type { TabsPage } from '../../../contract/pages/descriptor';
import { SCHEMA_VERSION } from '../../../contract/pages/descriptor';
import { col, field } from './builders';
import { notYourOwn, ownReviewSection } from './firm-own';

/** A lawyer's own page: their profile (licence, firm, review, figures) and what they edit of it. */

const v = SCHEMA_VERSION;

/** The lawyer edits their email and introduction; the licence, firm and review are shown, not edited. */
export const editLawyer: TabsPage = {
  schemaVersion: v,
  id: 'editlawyer',
  type: 'tabs',
  title: 'menu.editlawyer',
  tabs: [
    {
      key: 'edit',
      title: 'firm.tab.editLawyer',
      access: 'lawyer.profile:own',
      page: {
        schemaVersion: v,
        id: 'editlawyer-form',
        type: 'form',
        title: 'firm.tab.editLawyer',
        source: { path: '/lawyers/mine' },
        layout: 'vertical',
        columns: 1,
        fields: [
          field('email', 'firm.lawyer.email', { kind: 'input', maxLength: 100 }, { pattern: 'email' }),
          field('introduction', 'firm.lawyer.introduction', { kind: 'textarea', maxLength: 200 }),
        ],
        submit: { method: 'PUT', path: '/lawyers/mine', successMessage: 'firm.saved', afterSuccess: 'stay' },
      },
    },
    {
      key: 'profile',
      title: 'firm.tab.profile',
      access: 'lawyer.profile:own',
      page: {
        schemaVersion: v,
        id: 'editlawyer-profile',
        type: 'detail',
        title: 'firm.tab.profile',
        source: { path: '/lawyers/mine' },
        subtitleField: 'licenceNo',
        sections: [
          {
            kind: 'descriptions',
            title: 'firm.section.basic',
            columns: 2,
            items: [
              col('name', 'firm.lawyer.name'),
              col('licenceNo', 'firm.lawyer.licenceNo'),
              col('lawFirmName', 'firm.lawFirm'),
              col('phone', 'firm.lawyer.phone', { widget: 'phone' }),
              col('email', 'firm.lawyer.email'),
              col('introduction', 'firm.lawyer.introduction'),
            ],
          },
          ownReviewSection,
          {
            kind: 'descriptions',
            title: 'firm.section.figures',
            columns: 3,
            items: [
              col('caseCount', 'firm.lawyer.caseCount', { widget: 'number' }),
              col('activeCaseCount', 'firm.lawyer.activeCaseCount', { widget: 'number' }),
              col('closedCaseCount', 'firm.lawyer.closedCaseCount', { widget: 'number' }),
            ],
          },
        ],
        actions: [],
      },
    },
    notYourOwn(
      'editlawyer-admin',
      'menu.editlawyer',
      'lawyer.profile:all',
      'firm.ownPage.lawyerHint',
      '/lawoffice/follow-up',
    ),
  ],
};
