import { Button } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Result } from '../../ui-registry';

/**
 * A signed-in address no route of the role's menu opens: the frame stays, and the user has a
 * way back, home (where `/` sends the role) or to the previous page when there is one.
 */
export function PageNotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // React Router names the first entry of a tab "default": there is nothing to go back to.
  const canGoBack = useLocation().key !== 'default';
  return (
    <Result
      status="404"
      subTitle={t('page.notFound')}
      extra={
        <>
          <Button type="primary" onClick={() => navigate('/')}>
            {t('exception.action.backHome')}
          </Button>
          {canGoBack && (
            <Button style={{ marginLeft: 12 }} onClick={() => navigate(-1)}>
              {t('exception.action.back')}
            </Button>
          )}
        </>
      }
    />
  );
}
