import { Tag, Tooltip } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { type Ability, type AccessRule, type AccessScope, rolesHolding } from '../../../../contract/access';

/** The ability a rule names, in words: 查看律师 · 全部 for `lawyers.read:all`. */
export function useAccessLabel() {
  const { t } = useTranslation();
  return (rule: AccessRule) => {
    const [ability, scope] = rule.split(':') as [Ability, AccessScope | undefined];
    const name = t(`enum.ability.${ability}`);
    return scope ? `${name} · ${t(`enum.accessScope.${scope}`)}` : name;
  };
}

/**
 * The ability a menu node's page needs (contract/access.ts), with the roles holding it on
 * hover: a menu only narrows, so a role without it cannot be given the page.
 */
export function AccessTag({ rule }: { rule: AccessRule | undefined }) {
  const { t } = useTranslation();
  const label = useAccessLabel();
  if (!rule) return null;
  const roles = rolesHolding(rule)
    .map((role) => t(`enum.role.${role}`))
    .join('、');
  return (
    <Tooltip content={t('menuEditor.accessHolders', { roles })}>
      <Tag size="small" color="arcoblue" className="menu-editor-access" data-access={rule}>
        {label(rule)}
      </Tag>
    </Tooltip>
  );
}
