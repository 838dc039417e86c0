import { Button } from '@arco-design/web-react';
import { createContext, type ReactNode, useContext } from 'react';

/** How an action bar's buttons look: full buttons (page header, toolbar) or text links (table rows). */
export type ActionLook = 'button' | 'link';

export const ActionLookContext = createContext<ActionLook>('button');

interface Props {
  /** The page's main action (filled) or one of several (outlined). Links ignore it. */
  primary?: boolean;
  danger?: boolean;
  disabled?: boolean;
  loading?: boolean;
  title?: string;
  onClick: () => void;
  children: ReactNode;
}

/** The one button every action renders, in the look its bar asks for. */
export function ActionButton({ primary, danger, disabled, loading, title, onClick, children }: Props) {
  const look = useContext(ActionLookContext);
  const status = danger ? 'danger' : undefined;
  if (look === 'link') {
    return (
      <Button
        type="text"
        size="small"
        status={status}
        disabled={disabled}
        loading={loading}
        title={title}
        onClick={onClick}
      >
        {children}
      </Button>
    );
  }
  return (
    <Button
      type={primary && !danger ? 'primary' : 'outline'}
      status={status}
      disabled={disabled}
      loading={loading}
      title={title}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}
