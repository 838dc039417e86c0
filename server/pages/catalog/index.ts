import type { PageDescriptor } from '../../../contract/pages/descriptor';
import { accessPages } from './access';
import { userAccountPages } from './accounts';
import { builtinPages } from './builtins';
import { compliancePages } from './case-contacts';
import { casePages } from './cases';
import { creditorPages } from './creditors';
import { dashboardPages } from './dashboards';
import { firmPages } from './firms';
import { letterPages } from './letters';
import { operationsPages } from './operations';
import { piiAccessPages } from './pii-access';
import { planPages } from './plans';

/** The product's own page descriptors, by page id. */
export const PAGE_CATALOG: ReadonlyMap<string, PageDescriptor> = new Map(
  [
    ...builtinPages,
    ...dashboardPages,
    ...casePages,
    ...firmPages,
    ...operationsPages,
    ...userAccountPages,
    ...accessPages,
    ...letterPages,
    ...compliancePages,
    ...piiAccessPages,
    ...planPages,
    ...creditorPages,
  ].map((page) => [page.id, page]),
);
