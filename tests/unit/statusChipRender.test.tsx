/** The status chip shows its text always, with the icon and colours of the status's meaning. */
import { render, screen } from '@testing-library/react';
import { hexToRgb, ThemeProvider } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { createBrandTheme } from '../../src/brands/theme';
import { BRANDS } from '../../src/domain/brands';
import { StatusChip, statusColors } from '../../src/layout/StatusChip';

/** A colour as the browser reports it ('rgb(242, 139, 130)'). */
const rgb = (color: string) => (color.startsWith('#') ? hexToRgb(color) : color);

describe('StatusChip', () => {
  it.each([
    ['PAID', 'success'],
    ['FAILED', 'failed'],
    ['EXPIRED', 'neutral'],
    ['AWAITING_APPROVAL', 'attention'],
    ['PENDING', 'pending'],
  ])('%s: its text, an icon and the colours of %s', (status, meaning) => {
    const theme = createBrandTheme(BRANDS[0], undefined, 'dark');
    const { container } = render(
      <ThemeProvider theme={theme}>
        <StatusChip status={status} label={`text of ${status}`} />
      </ThemeProvider>,
    );
    expect(screen.getByText(`text of ${status}`)).toBeTruthy();
    const chip = container.querySelector('.MuiChip-root') as HTMLElement;
    expect(chip.dataset.meaning).toBe(meaning);
    expect(chip.querySelector('svg.MuiChip-icon')?.getAttribute('aria-hidden')).toBe('true');
    const colors = statusColors(theme, meaning as Parameters<typeof statusColors>[1]);
    expect(getComputedStyle(chip).color).toBe(rgb(colors.color));
    expect(getComputedStyle(chip).backgroundColor).toBe(rgb(colors.background));
  });

  it('shows a dash for no status', () => {
    const { container } = render(<StatusChip status={null} />);
    expect(container.textContent).toBe('—');
  });
});
