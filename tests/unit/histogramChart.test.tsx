/**
 * The statistics histogram, drawn as plain SVG: round value ticks, one bar per day with its height
 * from the day's volume, every n-th day labelled so the labels keep their gap, and the day's count
 * and volume in a tooltip where the pointer is.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import HistogramChart, { valueTicks } from '../../src/features/statistics/HistogramChart';
import type { HistogramBucket } from '../../src/domain/statistics';

describe('valueTicks', () => {
  it('steps by 1, 2, 2.5 or 5 times a power of ten from 0 past the top value', () => {
    expect(valueTicks(100)).toEqual([0, 25, 50, 75, 100]);
    expect(valueTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(valueTicks(1234.5)).toEqual([0, 500, 1000, 1500]);
    const small = valueTicks(0.3);
    expect(small).toHaveLength(4);
    expect(small[3]).toBeCloseTo(0.3, 10);
  });

  it('has an axis for an empty month', () => {
    expect(valueTicks(0)).toEqual([0, 1]);
  });
});

const WIDTH = 600;
const days = (n: number): HistogramBucket[] =>
  Array.from({ length: n }, (_, i) => ({
    date: `2026-11-${String(i + 1).padStart(2, '0')}`,
    count: i + 1,
    volumes: { EUR: String((i + 1) * 10) },
    settlementVolume: String((i + 1) * 10),
  }));

describe('HistogramChart', () => {
  // jsdom lays nothing out: the chart's box is WIDTH px wide.
  beforeEach(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => WIDTH });
  });
  afterEach(() => {
    delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
  });

  it('draws a bar per day, the tallest reaching the top tick, and labels days with room between them', () => {
    const { container } = render(<HistogramChart series={days(30)} currency="EUR" height={200} />);
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    const bars = [...svg.querySelectorAll('rect')];
    expect(bars).toHaveLength(30);
    const heights = bars.map((bar) => Number(bar.getAttribute('height')));
    // Heights grow with the volume (10, 20, … 300 on an axis up to 300).
    expect(heights[29]).toBeCloseTo(heights[0] * 30, 5);
    const labels = [...svg.querySelectorAll('text')].filter(
      (t) => t.getAttribute('text-anchor') === 'middle',
    );
    expect(labels.length).toBeGreaterThan(1);
    expect(labels.length).toBeLessThan(30);
  });

  it("shows the day's count and volume where the pointer is", () => {
    const { container } = render(<HistogramChart series={days(30)} currency="EUR" height={200} />);
    const svg = container.querySelector('svg')!;
    svg.getBoundingClientRect = () => ({ left: 0, top: 0, right: WIDTH, bottom: 200 }) as DOMRect;
    // The plot starts at 56 px; each of the 30 days has (600 − 64) / 30 px.
    fireEvent.pointerMove(svg, { clientX: 56 + 2.5 * ((WIDTH - 64) / 30) });
    expect(screen.getByText(/: 3$/)).toBeTruthy();
    // The volume in the settlement currency, named, and each coin's own volume beside its colour.
    const lines = screen.getAllByText(/30\.00\sEUR$/).map((line) => line.textContent);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/axis: 30\.00\sEUR$/);
    // The value axis names its unit (the catalogue's 'Volume in %{currency}').
    expect(container.querySelector('svg text')?.textContent).toMatch(/axis/);
    fireEvent.pointerLeave(svg);
    expect(screen.queryByText(/: 3$/)).toBeNull();
  });
});
