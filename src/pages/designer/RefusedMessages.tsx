/** The server's reasons a draft is refused (Plan or Publish 417): JSON path and message. */
import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { ServerMessage } from '../../../runtime/shared/envelope';

export function RefusedMessages({ fields, business }: { fields: ServerMessage[]; business: string[] }) {
  const { t } = useTranslation();
  if (!fields.length && !business.length) return null;
  return (
    <MessageBar intent="error" role="alert">
      <MessageBarBody>
        {t('designer.refused')}
        <ul>
          {fields.map((m, i) => (
            <li key={`f${i}`}>
              <bdi dir="ltr">{m.FieldName}</bdi>: {m.Message}
            </li>
          ))}
          {business.map((m, i) => (
            <li key={`b${i}`}>{m}</li>
          ))}
        </ul>
      </MessageBarBody>
    </MessageBar>
  );
}
