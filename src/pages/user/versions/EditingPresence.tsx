import { Avatar, Space, Tooltip, Typography } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { PresentEditor } from '../../../../contract/presence';

/** "张三 也在编辑": the others with the same page or menu open, as avatars with their names. */
export function EditingPresence({ editors }: { editors: readonly PresentEditor[] }) {
  const { t } = useTranslation();
  if (editors.length === 0) return null;
  const names = editors.map((e) => e.name).join(t('versions.nameSeparator'));
  return (
    <Space size={6} data-testid="editing-presence">
      <Avatar.Group size={24} maxCount={3}>
        {editors.map((e) => (
          <Tooltip key={e.id} content={e.name}>
            <Avatar size={24} style={{ backgroundColor: 'rgb(var(--arcoblue-6))' }}>
              {e.avatar ? <img alt={e.name} src={e.avatar} /> : e.name.slice(0, 1)}
            </Avatar>
          </Tooltip>
        ))}
      </Avatar.Group>
      <Typography.Text type="warning">
        {t('versions.alsoEditing', { names, count: editors.length })}
      </Typography.Text>
    </Space>
  );
}
