/**
 * How a statistics window is split over the aggregates (server/modules/statistics/repository.ts,
 * docs/decisions.md 212): whole days, then whole hours of what is left, then the rows.
 */
import { describe, expect, it } from 'vitest';
import { splitWindow, type Grain } from '../../server/modules/statistics/repository';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const DAYS: Grain = { table: 'days', at: 'day', size: DAY };
const HOURS: Grain = { table: 'hours', at: 'hour', size: HOUR };
const T = Date.UTC(2026, 10, 1);
const at = (days: number, hours = 0, minutes = 0) => T + days * DAY + hours * HOUR + minutes * 60_000;

/** The split as tables and ranges, for comparison. */
const split = (from: number, to: number, grains: readonly Grain[]) => {
  const { covered, rows } = splitWindow(from, to, grains);
  return { covered: covered.map((c) => [c.grain.table, c.ranges]), rows };
};

describe('splitWindow', () => {
  it('reads whole days from days, whole hours of the edges from hours, the rest from rows', () => {
    expect(split(at(0, 2, 45), at(30, 15, 20), [DAYS, HOURS])).toEqual({
      covered: [
        ['days', [[at(1), at(30)]]],
        [
          'hours',
          [
            [at(0, 3), at(1)],
            [at(30), at(30, 15)],
          ],
        ],
      ],
      rows: [
        [at(0, 2, 45), at(0, 3)],
        [at(30, 15), at(30, 15, 20)],
      ],
    });
  });

  it('needs no rows on hour boundaries and no hours on day boundaries', () => {
    expect(split(at(0), at(30), [DAYS, HOURS])).toEqual({ covered: [['days', [[at(0), at(30)]]]], rows: [] });
    expect(split(at(0, 6), at(2, 18), [DAYS, HOURS])).toEqual({
      covered: [
        ['days', [[at(1), at(2)]]],
        [
          'hours',
          [
            [at(0, 6), at(1)],
            [at(2), at(2, 18)],
          ],
        ],
      ],
      rows: [],
    });
  });

  it('reads a window inside one day from hours and rows, and one inside an hour from rows alone', () => {
    expect(split(at(3, 9, 30), at(3, 12, 10), [DAYS, HOURS])).toEqual({
      covered: [['hours', [[at(3, 10), at(3, 12)]]]],
      rows: [
        [at(3, 9, 30), at(3, 10)],
        [at(3, 12), at(3, 12, 10)],
      ],
    });
    expect(split(at(3, 9, 30), at(3, 9, 45), [DAYS, HOURS])).toEqual({
      covered: [],
      rows: [[at(3, 9, 30), at(3, 9, 45)]],
    });
  });

  it('leaves the edges inside a day to the rows when there are days only (one business)', () => {
    expect(split(at(0, 2, 45), at(3, 1), [DAYS])).toEqual({
      covered: [['days', [[at(1), at(3)]]]],
      rows: [
        [at(0, 2, 45), at(1)],
        [at(3), at(3, 1)],
      ],
    });
  });

  it('reads nothing for an empty window', () => {
    expect(split(at(2), at(2), [DAYS, HOURS])).toEqual({ covered: [], rows: [] });
  });
});
