import { Button } from '@mui/material';
import { DataTable, List, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { ERROR_TEXTS } from '../../../../src/domain/errors';
import { messageOf } from '../../../../src/layout';
import { useWebhookApi } from './api';

function SendTestButton() {
  const record = useRecordContext<{ id: number }>();
  const api = useWebhookApi();
  const notify = useNotify();
  const translate = useTranslate();
  if (!record) return null;
  const send = () =>
    api.sendTestEvent(record.id).then(
      () => notify('resources.webhooks.testSent', { type: 'success' }),
      (error) => notify(messageOf(error, ERROR_TEXTS.default), { type: 'error' }),
    );
  return <Button onClick={send}>{translate('resources.webhooks.sendTest')}</Button>;
}

export function WebhookList() {
  return (
    <List sort={{ field: 'createdAt', order: 'DESC' }}>
      <DataTable>
        <DataTable.Col source="url" />
        <DataTable.Col label={false}>
          <SendTestButton />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
