/** Images of a record field (kind image): the attachments widget taking image files only, with thumbnails. */
import type { WidgetProps } from '@rjsf/utils';
import { AttachmentsWidget } from './AttachmentsWidget';

export function ImageWidget(props: WidgetProps) {
  return <AttachmentsWidget {...props} images />;
}
