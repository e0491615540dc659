/** A callback delivery's status as the app's one status chip: its text, icon and colour (./rules.ts). */
import { useTranslate } from 'react-admin';
import { StatusChip } from '../../layout';
import { callbackStatusMeaning, isCallbackStatus, statusKey } from './rules';

export function CallbackStatusChip({ status }: { status: unknown }) {
  const translate = useTranslate();
  if (!isCallbackStatus(status)) return <StatusChip status={status} meaning="neutral" />;
  return (
    <StatusChip
      status={status}
      label={translate(statusKey(status))}
      meaning={callbackStatusMeaning(status)}
    />
  );
}
