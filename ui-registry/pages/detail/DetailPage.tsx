import { Card, Skeleton, Space, Spin, Typography } from '@arco-design/web-react';
import { can } from '../../../contract/access';
import type { DetailPage as DetailDescriptor } from '../../../contract/pages/descriptor';
import { titleText } from '../../../contract/title';
import { ActionBar } from '../../actions/ActionBar';
import { BlockBoundary } from '../../boundary';
import { useRegistryEnv } from '../../context';
import { LoadFailed } from '../../load-failed';
import { getField } from '../../record';
import { recordNameOf, useRecordName } from '../../record-name';
import type { DataRecord, PageRendererProps } from '../../registry';
import { useSourceData } from '../../source-data';
import { displayText } from '../../widgets/text';
import { DetailSection } from './sections';

/**
 * One record (a case): a header with the title, the `subtitleField` and the action bar, then
 * its sections, each in its own error boundary. After an action (or any change announced by the
 * environment) the record is fetched again: the sections stay mounted meanwhile, showing the
 * answer they have until the new one arrives, so what a section holds (an open dialog, a
 * revealed value, a half-typed form) survives the refresh; a small spinner in the header says
 * it is reading.
 */
export function DetailPage({ page, params }: PageRendererProps<DetailDescriptor>) {
  const { t, locale, role } = useRegistryEnv();
  const source = useSourceData(page.source.path, params, undefined, true);
  // The tab reads the record's own name (its `subtitleField`: a case's number), not its id.
  useRecordName(source.status === 'ready' ? recordNameOf(source.data, page.subtitleField) : null);

  if (source.status === 'loading')
    return <Skeleton animation text={{ rows: 10 }} data-testid="detail-loading" />;
  if (source.status === 'failed') {
    return <LoadFailed reason={source.message} onRetry={source.reload} />;
  }
  const record = (source.data !== null && typeof source.data === 'object' ? source.data : {}) as DataRecord;
  const subtitle = page.subtitleField ? displayText(getField(record, page.subtitleField)) : null;
  const sections = page.sections.filter((section) => can(section.access, role));

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-page-type="detail">
      <Card bordered={false}>
        <div style={{ display: 'flex', justifyContent: 'space-between', gap: 16, flexWrap: 'wrap' }}>
          <Space align="baseline">
            <Typography.Title heading={5} style={{ margin: 0 }}>
              {titleText(page.title, locale, t)}
            </Typography.Title>
            {subtitle && subtitle !== '-' && (
              <Typography.Text type="secondary" data-testid="detail-subtitle">
                {subtitle}
              </Typography.Text>
            )}
            {source.refreshing && <Spin size={12} data-testid="detail-refreshing" />}
          </Space>
          <ActionBar actions={page.actions} record={record} params={params} onDone={source.reload} />
        </div>
      </Card>
      {sections.map((section, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: sections have no id; their order is the layout.
        <Card key={i} bordered={false} title={t(section.title)}>
          <BlockBoundary resetKey={section}>
            <DetailSection section={section} record={record} params={params} onDone={source.reload} />
          </BlockBoundary>
        </Card>
      ))}
    </Space>
  );
}
