/** The body of a runtime dialog: one message, a list, or a table of row/field/message. */
import {
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Dialog } from '../../runtime/ui/dialogs';
import { messageText } from '../../runtime/shared/envelope';
import { toPersianDigits } from '../format';

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
      return <Text>{dialog.message}</Text>;
    case 'error':
      return <MessageList messages={dialog.messages} />;
    case 'tableErrors':
      return (
        <>
          <MessageList messages={dialog.messages} />
          <Table size="small" aria-label={t('form.errorTitle')}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('form.row')}</TableHeaderCell>
                <TableHeaderCell>{t('form.field')}</TableHeaderCell>
                <TableHeaderCell>{t('form.message')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {dialog.rows.map((r, i) => (
                <TableRow key={i}>
                  <TableCell>{digits(r.RowIndex + 1)}</TableCell>
                  <TableCell>{r.FieldName}</TableCell>
                  <TableCell>{messageText(r, t)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
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
