import { Drawer, Modal } from '@arco-design/web-react';
import type { ActionDescriptor } from '../../contract/pages/descriptor';
import { titleText } from '../../contract/title';
import { useRegistryEnv } from '../context';
import { PageView } from '../page-view';
import { LocalQueryScope } from '../query-scope';
import type { RouteParams } from '../registry';

interface Props {
  action: Extract<ActionDescriptor, { kind: 'drawer' | 'modal' }>;
  params: RouteParams;
  visible: boolean;
  onClose: () => void;
}

/** The drawer or modal of an overlay action, with the child page inside (rendered while open). */
export default function OverlayPanel({ action, params, visible, onClose }: Props) {
  const { t, locale } = useRegistryEnv();
  const title = titleText(action.page.title, locale, t);
  // The child page's filters and paging are its own: they never reach the URL of the page below.
  const content = visible ? (
    <LocalQueryScope>
      <PageView page={action.page} params={params} />
    </LocalQueryScope>
  ) : null;
  return action.kind === 'drawer' ? (
    <Drawer width={720} title={title} visible={visible} onCancel={onClose} footer={null} unmountOnExit>
      {content}
    </Drawer>
  ) : (
    <Modal
      style={{ width: 720 }}
      title={title}
      visible={visible}
      onCancel={onClose}
      footer={null}
      unmountOnExit
    >
      {content}
    </Modal>
  );
}
