/** /bank-accounts/:id (MANAGE_BANK_ACCOUNTS; legacy /bank-accounts/:id/edit): the form with the account, whole. */
import { useParams } from 'react-router-dom';
import { BankAccountForm } from './BankAccountForm';

export default function BankAccountEdit() {
  const { id } = useParams<{ id: string }>();
  return <BankAccountForm key={id} recordId={id ?? ''} />;
}
