import { Card, Tabs } from '@arco-design/web-react';
import { can } from '../../contract/access';
import type { TabsPage as TabsDescriptor } from '../../contract/pages/descriptor';
import { titleText } from '../../contract/title';
import { useRegistryEnv } from '../context';
import { PageView } from '../page-view';
import { PrefixedQueryScope } from '../query-scope';
import type { PageRendererProps } from '../registry';

/**
 * Child descriptors as tabs; a tab renders when first opened, tabs outside the role are left
 * out. Each tab keeps its shareable state under its own key (`pending.page=2`).
 */
export function TabsPage({ page, params }: PageRendererProps<TabsDescriptor>) {
  const { t, locale, role } = useRegistryEnv();
  const tabs = page.tabs.filter((tab) => can(tab.access, role));
  return (
    <Card bordered={false}>
      <Tabs lazyload>
        {tabs.map((tab) => (
          <Tabs.TabPane key={tab.key} title={titleText(tab.title, locale, t)}>
            <PrefixedQueryScope prefix={tab.key}>
              <PageView page={tab.page} params={params} />
            </PrefixedQueryScope>
          </Tabs.TabPane>
        ))}
      </Tabs>
    </Card>
  );
}
