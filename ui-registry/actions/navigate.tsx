import type { ActionDescriptor } from '../../contract/pages/descriptor';
import { useRegistryEnv } from '../context';
import { fillTemplate, getField, isAppPath } from '../record';
import type { ActionProps } from '../registry';
import { ActionButton } from './action-button';

type NavigateAction = Extract<ActionDescriptor, { kind: 'navigate' }>;

/** Opens another page of the app; `:params` come from the record, then from the route. */
export function NavigateAction({ action, record, params }: ActionProps<NavigateAction>) {
  const { t, navigate, confirm } = useRegistryEnv();
  const target = fillTemplate(action.to, (name) => getField(record, name) ?? params[name]);
  const usable = target !== null && isAppPath(target);
  const go = async () => {
    if (!usable) return;
    if (action.confirm && !(await confirm(t(action.confirm)))) return;
    navigate(target);
  };
  return (
    <ActionButton primary danger={action.danger} disabled={!usable} onClick={go}>
      {t(action.label)}
    </ActionButton>
  );
}
