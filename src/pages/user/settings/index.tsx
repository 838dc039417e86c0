import { Card, Space, Spin, Tabs } from '@arco-design/web-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '../../../../ui-registry';
import { refreshUserInfo, useSession } from '../../../session/session';
import { BasicInfoForm } from './BasicInfoForm';
import { Certification } from './Certification';
import { ProfileHeader } from './ProfileHeader';
import { SecuritySettings } from './SecuritySettings';
import './settings.css';

const TABS = ['basic', 'security', 'certification'] as const;
type TabKey = (typeof TABS)[number];

/** /user/setting: profile header and the basic information, security and certification tabs. */
export default function UserSettings() {
  const { t } = useTranslation();
  const { userInfo } = useSession();
  const [search, setSearch] = useSearchParams();
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const tab: TabKey = TABS.includes(search.get('tab') as TabKey) ? (search.get('tab') as TabKey) : 'basic';

  // The stored user info may be older than the server's: read it fresh once.
  const load = useCallback(() => {
    setState('loading');
    refreshUserInfo().then(
      () => setState('ready'),
      () => setState('failed'),
    );
  }, []);
  useEffect(load, [load]);

  const openTab = (key: string) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('tab', key);
        return next;
      },
      { replace: true },
    );

  if (!userInfo) {
    return state === 'failed' ? (
      <Card bordered={false}>
        <LoadFailed title={t('userSetting.loadFailed')} onRetry={load} />
      </Card>
    ) : (
      <Card bordered={false}>
        <Spin loading tip={t('common.loading')} style={{ display: 'block', padding: 48 }} />
      </Card>
    );
  }

  return (
    <Space direction="vertical" size={16} className="user-settings">
      <ProfileHeader info={userInfo} />
      <Card bordered={false}>
        <Tabs activeTab={tab} onChange={openTab} lazyload>
          <Tabs.TabPane key="basic" title={t('userSetting.tab.basic')}>
            <BasicInfoForm info={userInfo} />
          </Tabs.TabPane>
          <Tabs.TabPane key="security" title={t('userSetting.tab.security')}>
            <SecuritySettings info={userInfo} onOpenCertification={() => openTab('certification')} />
          </Tabs.TabPane>
          <Tabs.TabPane key="certification" title={t('userSetting.tab.certification')}>
            <Certification contactPhone={userInfo.phone} isLawyer={userInfo.role === 'lawyer'} />
          </Tabs.TabPane>
        </Tabs>
      </Card>
    </Space>
  );
}
