/**
 * The bank accounts list: label, currency and payment method, holder, bank, and the IBAN or account
 * number masked to its last 4 characters (the API never lists them whole; docs/decisions.md 145).
 * Users with MANAGE_BANK_ACCOUNTS get 'Add bank account' and an Edit link per row.
 */
import { Box, Button, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Link } from 'react-router-dom';
import { DataTable, ListBase, Pagination, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { MASK, type BankCurrency, type PaymentMethod } from '../../domain/bankAccounts';
import { formatTimestamp } from '../../i18n/format';
import { all, satisfies } from '../../domain/requirements';
import { Page, useAccessContext } from '../../layout';
import { ListSearch } from '../../layout/ListSearch';

export interface BankAccountRecord extends RaRecord {
  accountLabel: string;
  accountCurrency: BankCurrency;
  paymentMethod: PaymentMethod;
  holderName: string;
  bankName: string | null;
  iban: string | null;
  accountNumber: string | null;
  createdAt: string;
  masked: boolean;
}

const NEWEST_FIRST = { field: 'createdAt', order: 'DESC' } as const;

/** '•••• 3000' read out as 'IBAN ending in 3000'. */
function MaskedNumber({ account }: { account: BankAccountRecord }) {
  const translate = useTranslate();
  const value = account.iban ?? account.accountNumber;
  if (!value) return null;
  const kind = translate(`resources.bank-accounts.fields.${account.iban ? 'iban' : 'accountNumber'}`);
  const digits = value.replace(MASK, '').trim();
  const spoken = digits
    ? `${kind} ${translate('resources.bank-accounts.endingIn', { digits })}`
    : `${kind} ${translate('resources.bank-accounts.hidden')}`;
  return (
    <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
      <span aria-hidden="true">{value}</span>
      <Typography component="span" sx={visuallyHidden}>
        {spoken}
      </Typography>
    </Typography>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

export default function BankAccountList() {
  const translate = useTranslate();
  const notify = useNotify();
  const canManage = satisfies(all('MANAGE_BANK_ACCOUNTS'), useAccessContext());
  const field = (name: string) => translate(`resources.bank-accounts.fields.${name}`);
  const action = canManage ? (
    <Button component={Link} to="/bank-accounts/create" variant="contained" startIcon={<AddIcon />}>
      {translate('resources.bank-accounts.create')}
    </Button>
  ) : undefined;
  return (
    <ListBase<BankAccountRecord>
      resource="bank-accounts"
      sort={NEWEST_FIRST}
      perPage={25}
      queryOptions={{ onError: () => notify('resources.bank-accounts.errors.loadFailed', { type: 'error' }) }}
    >
      <Page
        title="resources.bank-accounts.name"
        maxWidth="full"
        toolbar={<ListSearch label="resources.bank-accounts.search" />}
        action={action}
      >
        {/* The table scrolls inside its box: `contain` keeps its width from widening the page on a phone. */}
        <Box sx={{ overflowX: 'auto', contain: 'inline-size' }}>
          <DataTable<BankAccountRecord>
            bulkActionButtons={false}
            rowClick={false}
            empty={
              <Typography role="status" color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
                {translate('resources.bank-accounts.empty')}
              </Typography>
            }
          >
            <DataTable.Col source="accountLabel" label={field('accountLabel')} />
            <DataTable.Col
              source="iban"
              label={field('number')}
              disableSort
              render={(account: BankAccountRecord) => <MaskedNumber account={account} />}
            />
            <DataTable.Col source="accountCurrency" label={field('accountCurrency')} />
            <DataTable.Col
              source="paymentMethod"
              label={field('paymentMethod')}
              render={(account: BankAccountRecord) =>
                translate(`resources.bank-accounts.methods.${account.paymentMethod}`)
              }
            />
            <DataTable.Col source="holderName" label={field('holderName')} disableSort />
            <DataTable.Col source="bankName" label={field('bankName')} disableSort />
            <DataTable.Col
              source="createdAt"
              label={field('createdAt')}
              render={(account: BankAccountRecord) => formatTimestamp(account.createdAt)}
            />
            {canManage ? (
              <DataTable.Col
                source="id"
                label=""
                disableSort
                render={(account: BankAccountRecord) => (
                  <Button
                    component={Link}
                    to={`/bank-accounts/${encodeURIComponent(String(account.id))}`}
                    size="small"
                    aria-label={translate('resources.bank-accounts.editLabel', {
                      name: account.accountLabel,
                    })}
                  >
                    {translate('resources.bank-accounts.edit')}
                  </Button>
                )}
              />
            ) : null}
          </DataTable>
        </Box>
        <Pagination />
      </Page>
    </ListBase>
  );
}
