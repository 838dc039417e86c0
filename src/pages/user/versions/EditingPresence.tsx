import { Avatar, Space, Tooltip, Typography } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { PresentEditor } from '../../../../contract/presence';

/** Avatars shown before the rest are counted (+N). */
const SHOWN = 3;

/** "张三 也在编辑": the others with the same page or menu open, as avatars with their names. */
export function EditingPresence({ editors }: { editors: readonly PresentEditor[] }) {
  const { t } = useTranslation();
  if (editors.length === 0) return null;
  const names = editors.map((e) => e.name).join(t('versions.nameSeparator'));
  return (
    <Space size={6} data-testid="editing-presence">
      {/* Plain avatars, not Avatar.Group: the browser build leaves the group out (vite.config.ts arco-parts-left-out). */}
      <Space size={2}>
        {editors.slice(0, SHOWN).map((e) => (
          <Tooltip key={e.id} content={e.name}>
            <Avatar size={24} style={{ backgroundColor: 'rgb(var(--arcoblue-6))' }}>
              {e.avatar ? <img alt={e.name} src={e.avatar} /> : e.name.slice(0, 1)}
            </Avatar>
          </Tooltip>
        ))}
        {editors.length > SHOWN && (
          <Tooltip content={names}>
            <Avatar
              size={24}
              style={{ backgroundColor: 'var(--color-fill-4)' }}
            >{`+${editors.length - SHOWN}`}</Avatar>
          </Tooltip>
        )}
      </Space>
      <Typography.Text type="warning">
        {t('versions.alsoEditing', { names, count: editors.length })}
      </Typography.Text>
    </Space>
  );
}
