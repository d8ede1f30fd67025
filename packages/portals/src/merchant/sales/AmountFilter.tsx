import { NumberInput } from '@mantine/core';

/**
 * The order amount box of 'Buscar por: Valor do pedido' (R$ mask with the pt-BR separators). Loaded when that search
 * is chosen: its number-format code is not part of the list's first load.
 */
export function AmountFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <NumberInput
      label="Valor do pedido"
      prefix="R$ "
      decimalSeparator=","
      thousandSeparator="."
      decimalScale={2}
      step={0.01}
      min={0}
      inputMode="decimal"
      value={value === '' ? '' : Number(value)}
      onChange={(next) => onChange(next === '' ? '' : String(next))}
      style={{ flex: 1, minWidth: 180 }}
    />
  );
}
