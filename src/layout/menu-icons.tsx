import { MENU_ICONS, type MenuIcon } from '../../contract/menu';
import { ALLOWLISTED_ICONS } from '../../ui-registry/icons';

/**
 * A menu node's icon from the one allowlist (ui-registry/icons.tsx, shared with stat cards).
 * An unknown name renders an empty placeholder of the same size, so the labels stay aligned.
 */
export function MenuIconView({ name }: { name?: string }) {
  const Icon =
    name && (MENU_ICONS as readonly string[]).includes(name) ? ALLOWLISTED_ICONS[name as MenuIcon] : null;
  if (!Icon) return <span className="menu-icon-placeholder" aria-hidden="true" />;
  return <Icon />;
}
