/**
 * The date inputs of the dashboard (src/layout/DayPicker.tsx, issue 33 §5): a day shows and is typed
 * in the user's language's format, whatever the browser's own date input would do, and the form
 * receives the API's 'YYYY-MM-DD'.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import DayPicker from '../../src/layout/DayPicker';

function renderPicker(locale: string, value = '2026-11-21') {
  const onChange = vi.fn();
  render(<DayPicker locale={locale} label="Day" value={value} onChange={onChange} />);
  return { onChange, input: screen.getByRole('textbox', { name: 'Day' }) as HTMLInputElement };
}

describe('a day field', () => {
  it('shows and reads a day in German as dd.mm.yyyy', () => {
    const { input, onChange } = renderPicker('de-DE');
    expect(input.value).toBe('21.11.2026');
    fireEvent.change(input, { target: { value: '01.12.2026' } });
    expect(onChange).toHaveBeenLastCalledWith('2026-12-01');
  });

  it('shows a day in British English as dd/mm/yyyy', () => {
    expect(renderPicker('en-GB').input.value).toBe('21/11/2026');
  });

  it('shows a day in US English as mm/dd/yyyy', () => {
    expect(renderPicker('en-US', '2026-11-20').input.value).toBe('11/20/2026');
  });

  it('hands the form an emptied day as empty', () => {
    const { input, onChange } = renderPicker('de-DE');
    fireEvent.change(input, { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith('');
  });

  it('is labelled in the user’s language: the calendar button in German', () => {
    renderPicker('de-DE');
    expect(screen.getByRole('button', { name: /Datum auswählen|Kalender|wählen/ })).toBeTruthy();
  });
});
