/**
 * /travel-rule: the organisation's crypto deposits lacking travel-rule data — business (linked),
 * amount, network, receipt and age — newest first, sortable by business, amount, currency, network and
 * receipt. With UPDATE_DEPOSITS_WITHOUT_TRAVEL_RULE each row has an 'Add originator' button to the
 * form; a view-only user sees the same list without it.
 */
import { Box, Button, Link as MuiLink, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { DataTable, ListBase, Pagination, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { all, satisfies } from '../../domain/requirements';
import { businessPath } from '../../domain/recordPaths';
import { formatMoney, formatTimestamp } from '../../i18n/format';
import { Page, useAccessContext } from '../../layout';
import { TRAVEL_RULE_RESOURCE } from './api';

export interface TravelRuleRecord extends RaRecord {
  id: number;
  businessId: number;
  businessName: string;
  amount: string;
  currency: string;
  network: string;
  txHash: string;
  receivedAt: string;
  ageDays: number;
  originator: Record<string, string> | null;
  providedAt: string | null;
}

const NEWEST_FIRST = { field: 'receivedAt', order: 'DESC' } as const;
export const MAY_EDIT = all('UPDATE_DEPOSITS_WITHOUT_TRAVEL_RULE');

export default function TravelRuleList() {
  const translate = useTranslate();
  const notify = useNotify();
  const mayEdit = satisfies(MAY_EDIT, useAccessContext());
  const field = (name: string) => translate(`resources.travel-rule.fields.${name}`);
  return (
    <ListBase<TravelRuleRecord>
      resource={TRAVEL_RULE_RESOURCE}
      sort={NEWEST_FIRST}
      perPage={25}
      queryOptions={{ onError: () => notify('resources.travel-rule.errors.loadFailed', { type: 'error' }) }}
    >
      <Page title="resources.travel-rule.name" maxWidth="full">
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate('resources.travel-rule.intro')}
        </Typography>
        {/* The table scrolls inside its box: `contain` keeps its width from widening the page. */}
        <Box sx={{ overflowX: 'auto', contain: 'inline-size' }}>
          <DataTable<TravelRuleRecord>
            bulkActionButtons={false}
            rowClick={false}
            empty={
              <Typography role="status" color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
                {translate('resources.travel-rule.empty')}
              </Typography>
            }
          >
            <DataTable.Col
              source="businessName"
              label={field('businessName')}
              render={(deposit: TravelRuleRecord) => (
                <MuiLink component={Link} to={businessPath(deposit.businessId)} underline="hover">
                  {deposit.businessName}
                </MuiLink>
              )}
            />
            <DataTable.Col
              source="amount"
              label={field('amount')}
              align="right"
              render={(deposit: TravelRuleRecord) => formatMoney(deposit.amount, deposit.currency)}
            />
            <DataTable.Col source="currency" label={field('currency')} />
            <DataTable.Col source="network" label={field('network')} />
            <DataTable.Col
              source="receivedAt"
              label={field('receivedAt')}
              render={(deposit: TravelRuleRecord) => formatTimestamp(deposit.receivedAt)}
            />
            <DataTable.Col
              source="ageDays"
              label={field('ageDays')}
              disableSort
              render={(deposit: TravelRuleRecord) =>
                translate('resources.travel-rule.age', { smart_count: deposit.ageDays })
              }
            />
            {mayEdit ? (
              <DataTable.Col
                label={false}
                disableSort
                render={(deposit: TravelRuleRecord) => (
                  <Button
                    component={Link}
                    to={`/${TRAVEL_RULE_RESOURCE}/${deposit.id}`}
                    size="small"
                    variant="outlined"
                    aria-label={translate('resources.travel-rule.addOriginatorFor', {
                      amount: formatMoney(deposit.amount, deposit.currency),
                      business: deposit.businessName,
                    })}
                  >
                    {translate('resources.travel-rule.addOriginator')}
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
