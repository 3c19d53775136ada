/** The body of a runtime dialog: one message, a list, or a table of row/field/message. */
import { Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Dialog } from '../../runtime/ui/dialogs';
import { messageText } from '../../runtime/shared/envelope';
import { toPersianDigits } from '../format';
import { DataTable } from '../table/DataTable';

export function DialogMessages({ dialog }: { dialog: Dialog }) {
  const { t, i18n } = useTranslation();
  const digits = (n: number) => (i18n.language === 'en' ? String(n) : toPersianDigits(String(n)));
  switch (dialog.kind) {
    // a confirm's question comes from the app itself (a key or a text its caller translated); the
    // others are the server's texts in the request language (MessageTexts, BusinessErrors) or its
    // messages by key and parameters (runtime/shared/envelope.ts), never guessed
    case 'confirm':
      return <Text>{i18n.exists?.(dialog.message) ? t(dialog.message) : dialog.message}</Text>;
    case 'business':
      // the answer arrives with Western digits (runtime/http/pipeline.ts normalises every answer):
      // a period «سال مالی ۱۴۰۴» or a Jalali date shows in the language's digits again
      return <Text>{i18n.language === 'en' ? dialog.message : toPersianDigits(dialog.message)}</Text>;
    case 'error':
      return <MessageList messages={dialog.messages} />;
    case 'tableErrors':
      return (
        <>
          <MessageList messages={dialog.messages} />
          <DataTable
            label={t('form.errorTitle')}
            columns={[
              { id: 'row', header: t('form.row'), cell: (r) => digits(r.RowIndex + 1) },
              { id: 'field', header: t('form.field'), cell: (r) => r.FieldName },
              { id: 'message', header: t('form.message'), cell: (r) => messageText(r, t) },
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
