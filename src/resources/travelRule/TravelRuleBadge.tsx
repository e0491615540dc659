/**
 * The sidebar badge of the travel-rule item (docs/decisions.md 151): how many deposits lack
 * travel-rule data, read as the list's `total` (one row asked for). It shares react-admin's query
 * cache with the list, so an edit that invalidates the resource's queries lowers it without a reload.
 */
import { Box } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { TRAVEL_RULE_RESOURCE } from './api';

const ONE_ROW = { pagination: { page: 1, perPage: 1 } };

/** Shown to screen readers instead of the bare number. */
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: 1,
  margin: -1,
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: 1,
} as const;

export function TravelRuleBadge() {
  const translate = useTranslate();
  const { total } = useGetList(TRAVEL_RULE_RESOURCE, ONE_ROW, { retry: false });
  if (!total) return null;
  return (
    <Box
      component="span"
      data-testid="travel-rule-badge"
      sx={{
        ml: 1,
        minWidth: 22,
        px: 0.75,
        borderRadius: 11,
        // The text and page colours swapped: the strongest contrast in either theme and any brand.
        bgcolor: 'text.primary',
        color: 'background.paper',
        fontSize: 12,
        fontWeight: 700,
        lineHeight: '22px',
        textAlign: 'center',
      }}
    >
      <span aria-hidden="true">{total > 99 ? '99+' : total}</span>
      <span style={visuallyHidden}>{translate('resources.travel-rule.badge', { smart_count: total })}</span>
    </Box>
  );
}
