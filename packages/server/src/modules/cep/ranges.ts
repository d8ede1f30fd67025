/**
 * The CEP ranges of each state (UF), as the Correios publish them ("faixas de CEP por UF"): the first two to five
 * digits of a CEP say its state. The sandbox resolves any well-formed CEP to its state with them, so that a shopper
 * can buy from anywhere in Brazil offline (docs/sandbox.md, "CEPs"). Ranges are inclusive, on the 8 digits as a
 * number; 00000-000 to 00999-999 belong to no state.
 */
export const CEP_RANGES_BY_UF: readonly { uf: string; from: number; to: number }[] = [
  { uf: 'SP', from: 1_000_000, to: 19_999_999 },
  { uf: 'RJ', from: 20_000_000, to: 28_999_999 },
  { uf: 'ES', from: 29_000_000, to: 29_999_999 },
  { uf: 'MG', from: 30_000_000, to: 39_999_999 },
  { uf: 'BA', from: 40_000_000, to: 48_999_999 },
  { uf: 'SE', from: 49_000_000, to: 49_999_999 },
  { uf: 'PE', from: 50_000_000, to: 56_999_999 },
  { uf: 'AL', from: 57_000_000, to: 57_999_999 },
  { uf: 'PB', from: 58_000_000, to: 58_999_999 },
  { uf: 'RN', from: 59_000_000, to: 59_999_999 },
  { uf: 'CE', from: 60_000_000, to: 63_999_999 },
  { uf: 'PI', from: 64_000_000, to: 64_999_999 },
  { uf: 'MA', from: 65_000_000, to: 65_999_999 },
  { uf: 'PA', from: 66_000_000, to: 68_899_999 },
  { uf: 'AP', from: 68_900_000, to: 68_999_999 },
  { uf: 'AM', from: 69_000_000, to: 69_299_999 },
  { uf: 'RR', from: 69_300_000, to: 69_399_999 },
  { uf: 'AM', from: 69_400_000, to: 69_899_999 },
  { uf: 'AC', from: 69_900_000, to: 69_999_999 },
  { uf: 'DF', from: 70_000_000, to: 72_799_999 },
  { uf: 'GO', from: 72_800_000, to: 72_999_999 },
  { uf: 'DF', from: 73_000_000, to: 73_699_999 },
  { uf: 'GO', from: 73_700_000, to: 76_799_999 },
  { uf: 'RO', from: 76_800_000, to: 76_999_999 },
  { uf: 'TO', from: 77_000_000, to: 77_999_999 },
  { uf: 'MT', from: 78_000_000, to: 78_899_999 },
  { uf: 'MS', from: 79_000_000, to: 79_999_999 },
  { uf: 'PR', from: 80_000_000, to: 87_999_999 },
  { uf: 'SC', from: 88_000_000, to: 89_999_999 },
  { uf: 'RS', from: 90_000_000, to: 99_999_999 },
];

/** The state of a CEP (8 digits), or null for one in no state's range. */
export function ufOfCep(cep: string): string | null {
  if (!/^\d{8}$/.test(cep)) return null;
  const n = Number(cep);
  return CEP_RANGES_BY_UF.find((r) => n >= r.from && n <= r.to)?.uf ?? null;
}
