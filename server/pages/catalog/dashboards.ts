import type { ColumnDescriptor, DashboardBlock, DashboardPage } from '../../../contract/pages/descriptor';
import { SCHEMA_VERSION } from '../../../contract/pages/descriptor';
import { stat } from './builders';

type Chart = Extract<DashboardBlock, { kind: 'chart' }>['chart'];

/** The blocks the workplaces share, each drawn its own way where they differ. */
const caseTrend = (chart: Chart): DashboardBlock => ({
  kind: 'chart',
  title: 'dashboard.caseTrend',
  chart,
  field: 'trend',
  x: 'month',
  y: 'count',
  span: 16,
  height: 300,
});

const resultShare = (): DashboardBlock => ({
  kind: 'chart',
  title: 'dashboard.resultShare',
  chart: 'donut',
  field: 'results',
  x: 'result',
  y: 'count',
  enum: 'closeResult',
  span: 8,
  height: 300,
});

const statusShare = (chart: Chart, span: number, height: number): DashboardBlock => ({
  kind: 'chart',
  title: 'dashboard.statusShare',
  chart,
  field: 'statuses',
  x: 'status',
  y: 'count',
  enum: 'caseStatus',
  span,
  height,
});

const lawyerRanking = (span: number): DashboardBlock => ({
  kind: 'ranking',
  title: 'dashboard.lawyerRanking',
  field: 'lawyerRanking',
  label: 'name',
  value: 'closed',
  widget: 'number',
  span,
});

/** The court sessions ahead: the case's number (a link where the reader works the case). */
const upcomingSessions = (span: number, caseNo: ColumnDescriptor, withTitle: boolean): DashboardBlock => ({
  kind: 'list',
  title: 'dashboard.upcomingSessions',
  field: 'upcomingSessions',
  span,
  columns: [
    caseNo,
    ...(withTitle ? [{ field: 'title', title: 'case.title', widget: 'text' } as const] : []),
    { field: 'court', title: 'case.court', widget: 'text' },
    { field: 'courtSessionAt', title: 'case.courtSessionAt', widget: 'countdown' },
  ],
});

/**
 * The deadlines in the reader's hands (server/deadlines/in-hand.ts), soonest first: what it
 * is, the case (a link where the reader works it), what the reader's role needs to see, and
 * the time left.
 */
const deadlines = (columns: ColumnDescriptor[], more?: string): DashboardBlock => ({
  kind: 'list',
  title: 'dashboard.deadlines',
  field: 'deadlines',
  span: 24,
  columns: [
    { field: 'kind', title: 'dashboard.deadlineKind', widget: 'enum', enum: 'deadlineKind' },
    ...columns,
    { field: 'dueAt', title: 'dashboard.dueAt', widget: 'countdown' },
  ],
  ...(more ? { more } : {}),
});

/** Platform staff's workplace: totals, lawyer ranking, mediation results and the monthly trend. */
const workplace: DashboardPage = {
  schemaVersion: SCHEMA_VERSION,
  id: 'workplace',
  type: 'dashboard',
  title: 'menu.workplace',
  source: { path: '/dashboard/workplace' },
  blocks: [
    stat('dashboard.totalCases', 'totals.cases', 'file', 6),
    stat('dashboard.totalLawyers', 'totals.lawyers', 'user', 6),
    stat('dashboard.inProgress', 'totals.inProgress', 'calendar', 6),
    stat('dashboard.successRate', 'totals.successRate', 'trophy', 6, 'percent'),
    caseTrend('area'),
    resultShare(),
    lawyerRanking(8),
    statusShare('column', 16, 280),
    stat('dashboard.entrustExpiring', 'totals.entrustExpiring', 'calendar', 12),
    stat('dashboard.entrustExpired', 'totals.entrustExpired', 'notification', 12),
    // Case operations extend or close from the case (cases.entrust is theirs alone); the
    // others who read the workplace open the case's record.
    deadlines([
      {
        field: 'caseNo',
        title: 'case.caseNo',
        widget: 'link',
        link: '/list/case-detail/:caseId',
        access: 'cases.entrust',
      },
      {
        field: 'caseNo',
        title: 'case.caseNo',
        widget: 'link',
        link: '/result/case-record/:caseId',
        access: 'business.cases',
      },
      { field: 'title', title: 'case.title', widget: 'text' },
      { field: 'batchNo', title: 'dashboard.batchNo', widget: 'link', link: '/list/batch-detail/:batchId' },
      { field: 'lawFirmName', title: 'case.lawFirm', widget: 'text' },
    ]),
  ],
};

/** A law firm's contact person: the firm's own figures. */
const lawfirmWorkplace: DashboardPage = {
  schemaVersion: SCHEMA_VERSION,
  id: 'lawfirm-workplace',
  type: 'dashboard',
  title: 'menu.lawfirmWorkplace',
  source: { path: '/dashboard/lawfirm-workplace' },
  blocks: [
    stat('dashboard.firmCases', 'totals.cases', 'file', 6),
    stat('dashboard.firmLawyers', 'totals.lawyers', 'user', 6),
    stat('dashboard.inProgress', 'totals.inProgress', 'calendar', 6),
    stat('dashboard.recovered', 'totals.recoveredFen', 'wallet', 6, 'money'),
    caseTrend('line'),
    statusShare('pie', 8, 300),
    lawyerRanking(12),
    upcomingSessions(12, { field: 'caseNo', title: 'case.caseNo', widget: 'text' }, false),
    stat('dashboard.pushesWaiting', 'totals.pushesWaiting', 'notification', 24),
    deadlines(
      [
        { field: 'caseNo', title: 'case.caseNo', widget: 'link', link: '/form/firm-case/:caseId' },
        { field: 'title', title: 'case.title', widget: 'text' },
      ],
      '/form/casefirm',
    ),
  ],
};

/** A lawyer: their own cases, results and deadlines (court sessions, plan instalments). */
const lawyerWorkplace: DashboardPage = {
  schemaVersion: SCHEMA_VERSION,
  id: 'lawyer-workplace',
  type: 'dashboard',
  title: 'menu.lawyerWorkplace',
  source: { path: '/dashboard/lawyer-workplace' },
  blocks: [
    stat('dashboard.myCases', 'totals.cases', 'file', 6),
    stat('dashboard.inProgress', 'totals.inProgress', 'calendar', 6),
    stat('dashboard.poolCases', 'totals.pool', 'apps', 6),
    stat('dashboard.recovered', 'totals.recoveredFen', 'wallet', 6, 'money'),
    caseTrend('column'),
    resultShare(),
    deadlines([
      { field: 'caseNo', title: 'case.caseNo', widget: 'link', link: '/case/processing/:caseId' },
      { field: 'title', title: 'case.title', widget: 'text' },
      { field: 'court', title: 'case.court', widget: 'text' },
      { field: 'amountFen', title: 'dashboard.instalmentLeft', widget: 'money' },
    ]),
    {
      kind: 'list',
      title: 'dashboard.promises',
      field: 'promises',
      span: 24,
      columns: [
        { field: 'caseNo', title: 'case.caseNo', widget: 'link', link: '/case/processing/:caseId' },
        { field: 'partyName', title: 'contact.party', widget: 'text' },
        { field: 'amountFen', title: 'contact.promiseAmount', widget: 'money' },
        { field: 'dueOn', title: 'contact.promiseDueOn', widget: 'date' },
        { field: 'status', title: 'contact.promiseStatus', widget: 'enum', enum: 'promiseStatus' },
      ],
    },
  ],
};

export const dashboardPages: DashboardPage[] = [workplace, lawfirmWorkplace, lawyerWorkplace];
