import { Button, Descriptions, Empty, Form, Select, Space, Switch, Typography } from '@arco-design/web-react';
import { IconDelete, IconUndo } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { MENU_ICONS, type MenuIcon, type MenuNode } from '../../../../contract/menu';
import { titleOf } from '../../../i18n';
import { MenuIconView } from '../../../layout/menu-icons';
import { AccessTag } from './AccessTag';
import type { NodeProblem } from './MenuTree';
import { TitleInput } from './TitleInput';

interface Props {
  node: MenuNode | null;
  /** Removed itself (restorable here) or inside a removed group. */
  removed: boolean;
  ownRemoval: boolean;
  problems: NodeProblem[];
  onPatch(patch: Partial<MenuNode>): void;
  onRemove(removed: boolean): void;
}

/** The selected node's settings: title key (with its translation), icon, hidden, removed. */
export function NodeInspector({ node, removed, ownRemoval, problems, onPatch, onRemove }: Props) {
  const { t } = useTranslation();
  if (!node) return <Empty description={t('menuEditor.pickNode')} />;

  return (
    <Form layout="vertical" className="menu-editor-inspector" aria-label={t('menuEditor.node')}>
      <Descriptions
        column={1}
        size="small"
        data={[
          { label: t('menuEditor.path'), value: node.path },
          { label: t('menuEditor.page'), value: node.page ?? node.external ?? t('menuEditor.group') },
          ...(node.access
            ? [{ label: t('menuEditor.access'), value: <AccessTag rule={node.access} /> }]
            : []),
        ]}
      />
      <Form.Item label={t('menuEditor.titleKey')} extra={t('menuEditor.titleKeyHint')}>
        <TitleInput value={node.title} onChange={(title) => onPatch({ title })} />
      </Form.Item>
      <Form.Item label={t('menuEditor.translated')}>
        <Typography.Text bold data-testid="menu-editor-translated">
          {titleOf(node.title)}
        </Typography.Text>
      </Form.Item>
      <Form.Item label={t('menuEditor.icon')}>
        <Select
          aria-label={t('menuEditor.icon')}
          allowClear
          placeholder={t('menuEditor.noIcon')}
          value={node.icon}
          onChange={(icon?: MenuIcon) => onPatch({ icon: icon || undefined })}
          renderFormat={(_, value) => (
            <Space size={6}>
              <MenuIconView name={value as string} />
              {String(value)}
            </Space>
          )}
        >
          {MENU_ICONS.map((icon) => (
            <Select.Option key={icon} value={icon}>
              <Space size={6}>
                <MenuIconView name={icon} />
                {icon}
              </Space>
            </Select.Option>
          ))}
        </Select>
      </Form.Item>
      <Form.Item label={t('menuEditor.hideInMenu')} extra={t('menuEditor.hideHint')}>
        <Switch
          aria-label={t('menuEditor.hideInMenu')}
          checked={Boolean(node.hideInMenu)}
          onChange={(hide: boolean) => onPatch({ hideInMenu: hide ? true : undefined })}
        />
      </Form.Item>
      {problems.map((p) => (
        <Typography.Paragraph key={p.field + p.message} type="error" role="alert">
          {p.field ? `${p.field}: ${p.message}` : p.message}
        </Typography.Paragraph>
      ))}
      {ownRemoval ? (
        <Button icon={<IconUndo />} onClick={() => onRemove(false)}>
          {t('menuEditor.restore')}
        </Button>
      ) : (
        <Button status="danger" icon={<IconDelete />} disabled={removed} onClick={() => onRemove(true)}>
          {t('menuEditor.remove')}
        </Button>
      )}
    </Form>
  );
}
