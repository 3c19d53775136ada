/** The body of a runtime dialog: one message, a list, or a table of row/field/message. */
import { Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Dialog } from '../../runtime/ui/dialogs';
import { toPersianDigits } from '../format';
import { DataTable } from '../table/DataTable';

/** Messages may be translation keys (errors.*, validation.*) or server text. */
function useMessageText() {
  const { t, i18n } = useTranslation();
  return (message: string) => (i18n.exists?.(message) ? t(message) : message);
}

export function DialogMessages({ dialog }: { dialog: Dialog }) {
  const { t, i18n } = useTranslation();
  const text = useMessageText();
  const digits = (n: number) => (i18n.language === 'en' ? String(n) : toPersianDigits(String(n)));
  switch (dialog.kind) {
    case 'confirm':
      return <Text>{text(dialog.message)}</Text>;
    case 'business':
      return <Text>{text(dialog.message)}</Text>;
    case 'error':
      return <MessageList messages={dialog.messages.map(text)} />;
    case 'tableErrors':
      return (
        <>
          <MessageList messages={dialog.messages.map(text)} />
          <DataTable
            label={t('form.errorTitle')}
            columns={[
              { id: 'row', header: t('form.row'), cell: (r) => digits(r.RowIndex + 1) },
              { id: 'field', header: t('form.field'), cell: (r) => r.FieldName },
              { id: 'message', header: t('form.message'), cell: (r) => text(r.Message) },
            ]}
            rows={dialog.rows}
          />
        </>
      );
  }
}

function MessageList({ messages }: { messages: string[] }) {
  if (messages.length === 0) return null;
  if (messages.length === 1) return <Text block>{messages[0]}</Text>;
  return (
    <ul style={{ margin: 0, paddingInlineStart: '20px' }}>
      {messages.map((m, i) => (
        <li key={i}>{m}</li>
      ))}
    </ul>
  );
}
