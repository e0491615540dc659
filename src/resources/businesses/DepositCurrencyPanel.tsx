/**
 * The deposit-currency configuration panel (docs/product.md#screens-and-routes), in a dialog: a Select all switch, a
 * switch per cryptocurrency labelled 'Name (ABBR)', and its networks' checkboxes (disabled for a
 * currency with a single network). Switching the last network off switches the currency off. The
 * dialog closes (Done, Escape) only with at least one currency selected. The rules are ./rules.ts.
 */
import { useId } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  FormControlLabel,
  FormGroup,
  Switch,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import type { DepositCurrencies } from '../../domain/business';
import { NETWORK_LABELS, type Network } from '../../domain/currencies';
import {
  canClosePanel,
  currencyLabel,
  isCurrencyOn,
  isEverythingSelected,
  isNetworkLocked,
  isNetworkOn,
  selectAll,
  toggleCurrency,
  toggleNetwork,
  type PanelCurrency,
} from './rules';

export const networkLabel = (network: string) => NETWORK_LABELS[network as Network] ?? network;

export interface DepositCurrencyPanelProps {
  currencies: readonly PanelCurrency[];
  selection: DepositCurrencies;
  onChange: (selection: DepositCurrencies) => void;
}

/** The panel itself (switches and checkboxes), without its dialog. */
export function DepositCurrencyPanel({ currencies, selection, onChange }: DepositCurrencyPanelProps) {
  const translate = useTranslate();
  return (
    <Box>
      <FormControlLabel
        control={
          <Switch
            checked={isEverythingSelected(selection, currencies)}
            onChange={(event) => onChange(selectAll(currencies, event.target.checked))}
          />
        }
        label={translate('resources.businesses.panel.selectAll')}
      />
      <Divider sx={{ my: 1 }} />
      {currencies.map((currency) => {
        const on = isCurrencyOn(selection, currency.abbreviation);
        const locked = isNetworkLocked(currency);
        return (
          <Box key={currency.abbreviation} sx={{ mb: 1 }}>
            <FormControlLabel
              control={
                <Switch
                  checked={on}
                  onChange={(event) => onChange(toggleCurrency(selection, currency, event.target.checked))}
                />
              }
              label={currencyLabel(currency)}
            />
            <FormGroup
              row
              role="group"
              aria-label={translate('resources.businesses.panel.networksOf', {
                currency: currencyLabel(currency),
              })}
              sx={{ pl: 4 }}
            >
              {currency.networks.map((network) => (
                <FormControlLabel
                  key={network}
                  control={
                    <Checkbox
                      size="small"
                      checked={isNetworkOn(selection, currency.abbreviation, network)}
                      disabled={locked}
                      onChange={(event) =>
                        onChange(toggleNetwork(selection, currency, network, event.target.checked))
                      }
                    />
                  }
                  label={networkLabel(network)}
                />
              ))}
            </FormGroup>
          </Box>
        );
      })}
    </Box>
  );
}

export interface DepositCurrencyDialogProps extends DepositCurrencyPanelProps {
  open: boolean;
  onClose: () => void;
}

/** The panel in a dialog that closes only with at least one currency selected. */
export function DepositCurrencyDialog({ open, onClose, ...panel }: DepositCurrencyDialogProps) {
  const translate = useTranslate();
  const titleId = useId();
  const closable = canClosePanel(panel.selection);
  const close = () => {
    if (closable) onClose();
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{translate('resources.businesses.panel.title')}</DialogTitle>
      <DialogContent dividers>
        <DepositCurrencyPanel {...panel} />
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {closable ? null : (
          <Alert severity="info" sx={{ flex: '1 1 100%' }}>
            {translate('resources.businesses.panel.atLeastOne')}
          </Alert>
        )}
        <Button variant="contained" onClick={close} disabled={!closable}>
          {translate('resources.businesses.panel.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
