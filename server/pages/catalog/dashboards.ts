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
  ],
};

/** A lawyer: their own cases, sessions and results. */
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
    upcomingSessions(
      24,
      { field: 'caseNo', title: 'case.caseNo', widget: 'link', link: '/case/processing/:id' },
      true,
    ),
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
