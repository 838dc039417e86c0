import { Button, Space, Tag, Tooltip, Tree, type TreeProps, Typography } from '@arco-design/web-react';
import {
  IconArrowDown,
  IconArrowUp,
  IconDelete,
  IconEye,
  IconEyeInvisible,
  IconUndo,
} from '@arco-design/web-react/icon';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuNode } from '../../../../contract/menu';
import { titleOf } from '../../../i18n';
import { MenuIconView } from '../../../layout/menu-icons';
import { AccessTag } from './AccessTag';
import { areSiblings, type MenuDraft, moveBy, moveNode, updateNode } from './tree-model';

/** A problem the server found with one node, already resolved from its path. */
export interface NodeProblem {
  field: string;
  message: string;
}

interface Props {
  draft: MenuDraft;
  onChange(draft: MenuDraft): void;
  selectedKey: string | null;
  onSelect(key: string): void;
  problems: ReadonlyMap<string, NodeProblem[]>;
}

type TreeDataType = NonNullable<TreeProps['treeData']>[number];

interface RowData {
  node: MenuNode;
  index: number;
  count: number;
  /** Removed itself or inside a removed group. */
  removed: boolean;
}

function groupKeys(nodes: readonly MenuNode[]): string[] {
  return nodes.flatMap((n) => (n.children?.length ? [n.key, ...groupKeys(n.children)] : []));
}

/**
 * The role's tree: drag a node among its siblings to reorder (or use the arrows), hide or
 * show it, remove or restore it; click it to edit its title and icon. Server problems show
 * next to the node they are about.
 */
export function MenuTree({ draft, onChange, selectedKey, onSelect, problems }: Props) {
  const { t } = useTranslation();
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const allGroups = useMemo(() => groupKeys(draft.tree), [draft.tree]);
  const expandedKeys = allGroups.filter((k) => !collapsed.has(k));

  const treeData = useMemo(() => {
    const build = (nodes: readonly MenuNode[], parentRemoved: boolean): TreeDataType[] =>
      nodes.map((node, index) => {
        const removed = parentRemoved || draft.removed.has(node.key);
        const row: RowData = { node, index, count: nodes.length, removed };
        return {
          key: node.key,
          title: titleOf(node.title),
          row,
          children: node.children ? build(node.children, removed) : undefined,
        };
      });
    return build(draft.tree, false);
  }, [draft]);

  const setTree = (tree: MenuNode[]) => onChange({ ...draft, tree });
  const toggleRemoved = (key: string, removed: boolean) => {
    const next = new Set(draft.removed);
    if (removed) next.add(key);
    else next.delete(key);
    onChange({ ...draft, removed: next });
  };

  const renderRow = (row: RowData) => {
    const { node, removed } = row;
    const label = titleOf(node.title);
    const own = draft.removed.has(node.key);
    const nodeProblems = problems.get(node.key) ?? [];
    const stop = (event: { stopPropagation(): void }) => event.stopPropagation();
    return (
      <div className="menu-editor-row" data-node-key={node.key}>
        <span className={removed ? 'menu-editor-row-label is-removed' : 'menu-editor-row-label'}>
          <MenuIconView name={node.icon} />
          <span>{label}</span>
          <Typography.Text type="secondary" className="menu-editor-row-path">
            {node.path}
          </Typography.Text>
          <AccessTag rule={node.access} />
          {node.hideInMenu && <Tag size="small">{t('menuEditor.hidden')}</Tag>}
          {removed && (
            <Tag size="small" color="red">
              {t('menuEditor.removed')}
            </Tag>
          )}
        </span>
        {nodeProblems.map((p) => (
          <span key={p.field + p.message} className="menu-editor-row-problem" role="alert">
            {p.field ? `${p.field}: ${p.message}` : p.message}
          </span>
        ))}
        {/* biome-ignore lint/a11y/noStaticElementInteractions: only keeps the row's buttons from selecting the row */}
        <span className="menu-editor-row-actions" onClick={stop} onKeyDown={stop}>
          <Space size={2}>
            <Tooltip content={t('menuEditor.moveUp')}>
              <Button
                size="mini"
                type="text"
                icon={<IconArrowUp />}
                aria-label={`${t('menuEditor.moveUp')} ${label}`}
                disabled={row.index === 0}
                onClick={() => setTree(moveBy(draft.tree, node.key, -1))}
              />
            </Tooltip>
            <Tooltip content={t('menuEditor.moveDown')}>
              <Button
                size="mini"
                type="text"
                icon={<IconArrowDown />}
                aria-label={`${t('menuEditor.moveDown')} ${label}`}
                disabled={row.index === row.count - 1}
                onClick={() => setTree(moveBy(draft.tree, node.key, 1))}
              />
            </Tooltip>
            <Tooltip content={node.hideInMenu ? t('menuEditor.show') : t('menuEditor.hide')}>
              <Button
                size="mini"
                type="text"
                icon={node.hideInMenu ? <IconEyeInvisible /> : <IconEye />}
                aria-label={`${node.hideInMenu ? t('menuEditor.show') : t('menuEditor.hide')} ${label}`}
                aria-pressed={Boolean(node.hideInMenu)}
                onClick={() =>
                  setTree(
                    updateNode(draft.tree, node.key, { hideInMenu: node.hideInMenu ? undefined : true }),
                  )
                }
              />
            </Tooltip>
            {own ? (
              <Button
                size="mini"
                type="text"
                icon={<IconUndo />}
                aria-label={`${t('menuEditor.restore')} ${label}`}
                onClick={() => toggleRemoved(node.key, false)}
              >
                {t('menuEditor.restore')}
              </Button>
            ) : (
              <Tooltip content={t('menuEditor.remove')}>
                <Button
                  size="mini"
                  type="text"
                  status="danger"
                  icon={<IconDelete />}
                  aria-label={`${t('menuEditor.remove')} ${label}`}
                  disabled={removed}
                  onClick={() => toggleRemoved(node.key, true)}
                />
              </Tooltip>
            )}
          </Space>
        </span>
      </div>
    );
  };

  return (
    <Tree
      className="menu-editor-tree"
      blockNode
      draggable
      treeData={treeData}
      selectedKeys={selectedKey ? [selectedKey] : []}
      onSelect={(keys) => keys[0] && onSelect(keys[0])}
      expandedKeys={expandedKeys}
      onExpand={(keys) => setCollapsed(new Set(allGroups.filter((k) => !keys.includes(k))))}
      allowDrop={({ dragNode, dropNode, dropPosition }) =>
        dropPosition !== 0 &&
        dragNode !== null &&
        areSiblings(draft.tree, String(dragNode.props._key), String(dropNode.props._key))
      }
      onDrop={({ dragNode, dropNode, dropPosition }) => {
        if (!dragNode || !dropNode || dropPosition === 0) return;
        setTree(
          moveNode(
            draft.tree,
            String(dragNode.props._key),
            String(dropNode.props._key),
            dropPosition < 0 ? 'before' : 'after',
          ),
        );
      }}
      renderTitle={(props) => renderRow((props.dataRef as TreeDataType & { row: RowData }).row)}
    />
  );
}
