/**
 * The frame of every admin page (docs/decisions.md, 'One page frame'): margins, a maximum width, the
 * page's one h1 from its declared title (react-admin's <Title>, shown in the app bar's title portal),
 * and focus on that heading when the page arrives (after login, an organisation choice, a menu click), so a keyboard
 * or screen-reader user starts at the top of the new page; and the page view of its address. Pages declare what they are; the layout
 * decides how that looks, so every page of the next issues gets the same frame.
 */
import { useEffect, type ReactNode } from 'react';
import { Box, Stack } from '@mui/material';
import { useLocation } from 'react-router-dom';
import { Title } from 'react-admin';
import { usePageViews } from '../analytics';

/** The app bar's title portal: the page's h1 (src/layout/AppBar.tsx, react-admin's TitlePortal). */
export const PAGE_HEADING_ID = 'react-admin-title';

/** Named widths: a form of a few fields, running text and cards, or the whole content area. */
export const PAGE_WIDTHS = { form: 560, text: 720, full: 'none' } as const;
export type PageWidth = keyof typeof PAGE_WIDTHS;

/** A field a user types in: the focus stays there wherever it is (the app bar's search, say). */
const TYPED_IN = 'input, textarea, select, [contenteditable]:not([contenteditable="false"])';

/**
 * Focuses the page's h1 (made focusable, not tabbable), unless the page has already put the focus
 * on something of its own (an autofocused field, an open dialog), or the user is in a field: a page
 * that arrives while they type in the app bar's search must not take their keys.
 */
export function focusPageHeading(doc: Document = document): boolean {
  const heading = doc.getElementById(PAGE_HEADING_ID);
  if (!heading) return false;
  const active = doc.activeElement;
  // react-admin's content area (the skip link's target); its <main> also holds the sidebar.
  const main = doc.getElementById('main-content');
  const pageOwnsFocus = active && active !== doc.body && main?.contains(active);
  if (pageOwnsFocus || active?.matches(TYPED_IN)) return false;
  if (!heading.hasAttribute('tabindex')) {
    heading.setAttribute('tabindex', '-1');
    // Focusable for the screen reader's sake only (not in the tab order, not operable): no focus ring
    // that would make the title look like a control.
    heading.style.outline = 'none';
  }
  heading.focus({ preventScroll: true });
  return doc.activeElement === heading;
}

export interface PageProps {
  /** Message key (or text) of the page's h1 and, through the app bar, of the browser tab. */
  title: string;
  /** The content's maximum width (default: text). */
  maxWidth?: PageWidth;
  /** Focus the heading when the page arrives (default true). */
  focusHeading?: boolean;
  /**
   * The page's one primary action (a contained button or link: 'Create business'), always in the
   * same place: the top right of the page, above its content (full width on a phone).
   */
  action?: ReactNode;
  /** What sits at the top left beside the action (a search box, a view switch). */
  toolbar?: ReactNode;
  children: ReactNode;
}

/** The test id of the page header's row (toolbar and primary action). */
export const PAGE_ACTIONS_TEST_ID = 'page-actions';

/** The page header's row: the toolbar on the left, the primary action on the right. */
function PageHeader({ action, toolbar }: { action?: ReactNode; toolbar?: ReactNode }) {
  if (!action && !toolbar) return null;
  return (
    <Stack
      data-testid={PAGE_ACTIONS_TEST_ID}
      direction={{ xs: 'column-reverse', sm: 'row' }}
      sx={{
        mb: 2,
        gap: 2,
        // Bottoms aligned: a search field's box, a switch and the action button sit on one line.
        alignItems: { xs: 'stretch', sm: 'flex-end' },
        justifyContent: 'space-between',
        flexWrap: { sm: 'wrap' },
      }}
    >
      <Stack direction="row" sx={{ gap: 2, alignItems: 'flex-end', flexWrap: 'wrap', minWidth: 0 }}>
        {toolbar}
      </Stack>
      {action ? (
        <Box
          data-testid="page-primary-action"
          sx={{
            flexShrink: 0,
            display: 'flex',
            '& > *': { whiteSpace: 'nowrap', flexGrow: { xs: 1, sm: 0 } },
          }}
        >
          {action}
        </Box>
      ) : null}
    </Stack>
  );
}

export function Page({
  title,
  maxWidth = 'text',
  focusHeading = true,
  action,
  toolbar,
  children,
}: PageProps) {
  // A page view when a page is shown at an address: a redirect shows no page, so it reports none
  // (only where it leads).
  usePageViews(useLocation().pathname, true);
  useEffect(() => {
    if (!focusHeading) return undefined;
    // After the title portal has its text (react-admin's <Title> fills it in an effect of its own).
    const frame = requestAnimationFrame(() => focusPageHeading());
    return () => cancelAnimationFrame(frame);
  }, [focusHeading]);
  return (
    <Box
      data-testid="page"
      sx={{
        px: { xs: 1.5, sm: 3 },
        py: { xs: 2, sm: 3 },
        maxWidth: PAGE_WIDTHS[maxWidth],
        // A wide table scrolls inside its own container instead of widening the page.
        minWidth: 0,
        boxSizing: 'content-box',
      }}
    >
      <Title title={title} />
      <PageHeader action={action} toolbar={toolbar} />
      {children}
    </Box>
  );
}
