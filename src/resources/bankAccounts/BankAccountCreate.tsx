/** /bank-accounts/create (MANAGE_BANK_ACCOUNTS): the bank-account form, empty. */
import { BankAccountForm } from './BankAccountForm';

export default function BankAccountCreate() {
  return <BankAccountForm />;
}
