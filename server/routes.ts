import { accessRoutes } from './access/routes';
import { authRoutes } from './auth/routes';
import { businessRoutes } from './business/routes';
import { bulkJobRoutes } from './cases/bulk-jobs/routes';
import { contactRoutes } from './cases/contacts/routes';
import { caseIntakeRoutes } from './cases/intake-routes';
import { ledgerRoutes } from './cases/ledger/routes';
import { partyRoutes } from './cases/parties/routes';
import { planRoutes } from './cases/plans/routes';
import { caseReplayRoutes } from './cases/replay/routes';
import { caseRoutes } from './cases/routes';
import { certificationRoutes } from './certifications/routes';
import { creditorRoutes } from './creditors/routes';
import { dashboardRoutes } from './dashboards/routes';
import { deadlineRoutes } from './deadlines/routes';
import { deviceRoutes } from './devices/routes';
import { appConfigRoutes } from './health/config-route';
import { healthRoutes } from './health/routes';
import { openApiRoute } from './http/openapi';
import type { ApiRoute } from './http/route';
import { lawFirmReviewRoutes } from './lawfirms/review';
import { lawFirmRoutes } from './lawfirms/routes';
import { lawyerReviewRoutes } from './lawyers/review';
import { lawyerRoutes } from './lawyers/routes';
import { letterRoutes } from './letters/routes';
import { menuRoutes } from './menus/routes';
import { menuForRole } from './menus/store';
import { monitorRoutes } from './monitor/routes';
import { notificationRoutes } from './notifications/routes';
import { pageRoutes } from './pages/routes';
import { profileRoutes } from './profile/routes';
import { registrationRoutes } from './registration/routes';
import { planReviewRoutes } from './reviews/plan-routes';
import { routingRoutes } from './routing/routes';
import { smsRoutes } from './sms/routes';
import { statisticsRoutes } from './statistics/routes';
import { taskRoutes } from './tasks/routes';
import { userCenterRoutes } from './user-center/routes';
import { userRoutes } from './users/routes';
import { walletRoutes } from './wallets/routes';

/**
 * Every API route, declared once. The server registers this list, the OpenAPI document is
 * built from it, and the role-matrix test walks it, so no route escapes any of them.
 */
export const apiRoutes: ApiRoute[] = [
  ...healthRoutes,
  ...appConfigRoutes,
  ...authRoutes,
  ...smsRoutes,
  ...registrationRoutes,
  ...userRoutes,
  ...profileRoutes,
  ...certificationRoutes,
  ...notificationRoutes,
  ...lawFirmReviewRoutes,
  ...lawyerReviewRoutes,
  ...lawFirmRoutes,
  ...lawyerRoutes,
  ...letterRoutes,
  ...menuRoutes,
  ...accessRoutes,
  ...pageRoutes(() => apiRoutes, menuForRole),
  ...dashboardRoutes,
  ...bulkJobRoutes,
  ...routingRoutes,
  ...deadlineRoutes,
  ...caseRoutes,
  ...caseIntakeRoutes,
  ...partyRoutes,
  ...contactRoutes,
  ...ledgerRoutes,
  ...planRoutes,
  ...caseReplayRoutes,
  ...planReviewRoutes,
  ...creditorRoutes,
  ...monitorRoutes,
  ...deviceRoutes,
  ...walletRoutes,
  ...businessRoutes,
  ...statisticsRoutes,
  ...taskRoutes,
  ...userCenterRoutes,
  openApiRoute(() => apiRoutes),
];
