/**
 * The time left of a payment request, counting down once a second (src/domain/paymentRequests.ts
 * `timeLeft`): days in words, then hh:mm:ss; 'Expired' once the time is up. A timer for assistive
 * technology (role="timer", not announced each second).
 */
import { useEffect, useState } from 'react';
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { clockText, timeLeft } from '../../domain/paymentRequests';

/** The current time, renewed every `intervalMs` until `endMs` has passed (then it stands still). */
export function useNowUntil(intervalMs: number, endMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => {
      const next = Date.now();
      setNow(next);
      if (next >= endMs) clearInterval(timer);
    }, intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, endMs]);
  return now;
}

export function Countdown({ expiresAt }: { expiresAt: string }) {
  const translate = useTranslate();
  const now = useNowUntil(1000, Date.parse(expiresAt));
  const left = timeLeft(expiresAt, now);
  return (
    <Box role="timer" aria-live="off" data-testid="payment-countdown" data-expired={left.expired}>
      <Typography component="span" variant="h6" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {left.expired
          ? translate('pages.cryptoDeposit.expired')
          : `${left.days > 0 ? `${translate('pages.cryptoDeposit.days', { smart_count: left.days })} ` : ''}${clockText(left)}`}
      </Typography>
    </Box>
  );
}
