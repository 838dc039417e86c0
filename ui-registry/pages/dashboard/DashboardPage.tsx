import { Card, Grid, Skeleton } from '@arco-design/web-react';
import { Suspense } from 'react';
import { can } from '../../../contract/access';
import type {
  DashboardBlock,
  DashboardPage as DashboardDescriptor,
} from '../../../contract/pages/descriptor';
import { BlockBoundary } from '../../boundary';
import { useRegistry, useRegistryEnv } from '../../context';
import { LoadFailed } from '../../load-failed';
import type { PageRendererProps } from '../../registry';
import { useSourceData } from '../../source-data';

/**
 * A grid of blocks over one GET of `source.path`: each block reads its own field of the
 * answer, is looked up in the registry by kind and sits in its own error boundary.
 */
export function DashboardPage({ page, params }: PageRendererProps<DashboardDescriptor>) {
  const { role } = useRegistryEnv();
  const registry = useRegistry();
  const source = useSourceData(page.source.path, params);
  const blocks = page.blocks.filter((block) => can(block.access, role));

  if (source.status === 'failed') {
    return (
      <Card bordered={false}>
        <LoadFailed reason={source.message} onRetry={source.reload} />
      </Card>
    );
  }

  return (
    <Grid.Row gutter={[16, 16]} align="stretch" data-page-type="dashboard">
      {blocks.map((block, i) => {
        const Block = registry.resolve('block', block.kind);
        // Tablets: small blocks two to a row, wide ones full width; phones: one column.
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no id; their order is the layout.
          <Grid.Col key={i} xs={24} md={block.span <= 12 ? 12 : 24} lg={block.span}>
            <BlockBoundary resetKey={block}>
              {source.status === 'loading' ? (
                <BlockSkeleton block={block} />
              ) : (
                <Suspense fallback={<BlockSkeleton block={block} />}>
                  <Block block={block} data={source.data} params={params} />
                </Suspense>
              )}
            </BlockBoundary>
          </Grid.Col>
        );
      })}
    </Grid.Row>
  );
}

function BlockSkeleton({ block }: { block: DashboardBlock }) {
  const { t } = useRegistryEnv();
  return (
    <Card
      bordered={false}
      title={block.kind === 'stat' ? undefined : t(block.title)}
      // A chart's skeleton takes the chart's height, so nothing jumps when the data arrives.
      bodyStyle={block.kind === 'chart' ? { height: block.height + 16 } : undefined}
      data-testid="block-loading"
    >
      <Skeleton
        animation
        text={{ rows: block.kind === 'stat' ? 2 : 4 }}
        image={block.kind === 'stat' ? { shape: 'circle' } : false}
      />
    </Card>
  );
}
