import { Drawer } from '@arco-design/web-react';
import type { ReactNode } from 'react';

interface Props {
  visible: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/** The menu below 992 px. Its own chunk: Drawer and its focus lock load when it first opens. */
export default function MenuDrawer({ visible, title, onClose, children }: Props) {
  return (
    <Drawer placement="left" width={260} visible={visible} footer={null} title={title} onCancel={onClose}>
      {children}
    </Drawer>
  );
}
