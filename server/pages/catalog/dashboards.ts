import type { DashboardPage } from '../../../contract/pages/descriptor';
import { SCHEMA_VERSION } from '../../../contract/pages/descriptor';
import { stat } from './builders';

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
    {
      kind: 'chart',
      title: 'dashboard.caseTrend',
      chart: 'area',
      field: 'trend',
      x: 'month',
      y: 'count',
      span: 16,
      height: 300,
    },
    {
      kind: 'chart',
      title: 'dashboard.resultShare',
      chart: 'donut',
      field: 'results',
      x: 'result',
      y: 'count',
      enum: 'closeResult',
      span: 8,
      height: 300,
    },
    {
      kind: 'ranking',
      title: 'dashboard.lawyerRanking',
      field: 'lawyerRanking',
      label: 'name',
      value: 'closed',
      widget: 'number',
      span: 8,
    },
    {
      kind: 'chart',
      title: 'dashboard.statusShare',
      chart: 'column',
      field: 'statuses',
      x: 'status',
      y: 'count',
      enum: 'caseStatus',
      span: 16,
      height: 280,
    },
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
    {
      kind: 'chart',
      title: 'dashboard.caseTrend',
      chart: 'line',
      field: 'trend',
      x: 'month',
      y: 'count',
      span: 16,
      height: 300,
    },
    {
      kind: 'chart',
      title: 'dashboard.statusShare',
      chart: 'pie',
      field: 'statuses',
      x: 'status',
      y: 'count',
      enum: 'caseStatus',
      span: 8,
      height: 300,
    },
    {
      kind: 'ranking',
      title: 'dashboard.lawyerRanking',
      field: 'lawyerRanking',
      label: 'name',
      value: 'closed',
      widget: 'number',
      span: 12,
    },
    {
      kind: 'list',
      title: 'dashboard.upcomingSessions',
      field: 'upcomingSessions',
      span: 12,
      columns: [
        { field: 'caseNo', title: 'case.caseNo', widget: 'text' },
        { field: 'court', title: 'case.court', widget: 'text' },
        { field: 'courtSessionAt', title: 'case.courtSessionAt', widget: 'countdown' },
      ],
    },
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
    {
      kind: 'chart',
      title: 'dashboard.caseTrend',
      chart: 'column',
      field: 'trend',
      x: 'month',
      y: 'count',
      span: 16,
      height: 300,
    },
    {
      kind: 'chart',
      title: 'dashboard.resultShare',
      chart: 'donut',
      field: 'results',
      x: 'result',
      y: 'count',
      enum: 'closeResult',
      span: 8,
      height: 300,
    },
    {
      kind: 'list',
      title: 'dashboard.upcomingSessions',
      field: 'upcomingSessions',
      span: 24,
      columns: [
        { field: 'caseNo', title: 'case.caseNo', widget: 'link', link: '/case/processing/:id' },
        { field: 'title', title: 'case.title', widget: 'text' },
        { field: 'court', title: 'case.court', widget: 'text' },
        { field: 'courtSessionAt', title: 'case.courtSessionAt', widget: 'countdown' },
      ],
    },
  ],
};

export const dashboardPages: DashboardPage[] = [workplace, lawfirmWorkplace, lawyerWorkplace];
