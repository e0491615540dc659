/**
 * The CSV writer of the exports (server/lib/csv.ts): RFC 4180 quoting, formula neutralisation, plain
 * numbers and dates, and a stream that yields one chunk per batch.
 */
import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, csvStream, type CsvColumn } from '../../server/lib/csv';

describe('csvCell', () => {
  it('neutralises cells a spreadsheet would run as a formula with a leading quote', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","click")')).toBe(
      `"'=HYPERLINK(""http://evil.example"",""click"")"`,
    );
    expect(csvCell('+1+2')).toBe("'+1+2");
    expect(csvCell('-2+3+cmd|/C calc!A0')).toBe("'-2+3+cmd|/C calc!A0");
    expect(csvCell('@SUM(A1:A2)')).toBe("'@SUM(A1:A2)");
    expect(csvCell('\t=1+1')).toBe("'\t=1+1");
    expect(csvCell('\r=1+1')).toBe(`"'\r=1+1"`);
    expect(csvCell('-')).toBe("'-");
  });

  it('leaves plain decimal numbers (signed amounts) and harmless text as they are', () => {
    expect(csvCell('-12.5')).toBe('-12.5');
    expect(csvCell('0.00000001')).toBe('0.00000001');
    expect(csvCell('-0')).toBe('-0');
    expect(csvCell('-1e5')).toBe("'-1e5");
    expect(csvCell('Northwind Coffee')).toBe('Northwind Coffee');
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('')).toBe('');
  });

  it('quotes per RFC 4180: commas, quotes and line breaks, quotes doubled', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvCell('Zürich – 東京')).toBe('Zürich – 東京');
  });

  it('writes integers in full, booleans, ISO dates and empty cells; refuses fractional numbers', () => {
    expect(csvCell(12)).toBe('12');
    expect(csvCell(Number.MAX_SAFE_INTEGER)).toBe('9007199254740991');
    expect(csvCell(10n ** 30n)).toBe('1000000000000000000000000000000');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(new Date('2026-03-02T09:00:10Z'))).toBe('2026-03-02T09:00:10.000Z');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(() => csvCell(0.1)).toThrow(/decimal strings/);
    expect(() => csvCell(1e21)).toThrow(/decimal strings/);
    expect(() => csvCell({})).toThrow(/cannot write/);
  });
});

describe('csvLine and csvStream', () => {
  it('ends records with CRLF', () => {
    expect(csvLine(['a', 1, null, '=x'])).toBe("a,1,,'=x\r\n");
  });

  it('streams the header and every row of every batch, a chunk per batch', async () => {
    const columns: CsvColumn<{ id: number; name: string }>[] = [
      { header: 'ID', value: (r) => r.id },
      { header: 'Name, full', value: (r) => r.name },
    ];
    async function* batches() {
      yield [{ id: 1, name: 'one' }];
      yield [];
      yield [
        { id: 2, name: '@two' },
        { id: 3, name: 'th"ree' },
      ];
    }
    const chunks: string[] = [];
    for await (const chunk of csvStream(columns, batches())) chunks.push(String(chunk));
    expect(chunks).toEqual(['ID,"Name, full"\r\n', '1,one\r\n', `2,'@two\r\n3,"th""ree"\r\n`]);
  });
});
