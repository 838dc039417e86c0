import type { PageDescriptor } from '../../../contract/pages/descriptor';
import { accountFirm, caseFirm, editFirm } from './firm-own';
import { accountVerification, followUp, orderManage } from './firm-reviews';
import { editLawyer } from './lawyer-own';

/**
 * The law-firm and lawyer pages, over server/lawfirms/ and server/lawyers/ (and the case list
 * for a firm's cases): the review lists (firm-reviews.ts), a firm's own pages (firm-own.ts) and
 * a lawyer's own page (lawyer-own.ts); the letter review pages are in letters.ts. The server
 * scopes every list: a contact person gets their own firm's records from the same paths
 * operations use for all.
 */
export const firmPages: PageDescriptor[] = [
  accountFirm,
  caseFirm,
  editFirm,
  editLawyer,
  orderManage,
  accountVerification,
  followUp,
];
