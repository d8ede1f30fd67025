import { NativeSelect, type NativeSelectProps } from '@mantine/core';

/** An option of a `ChoiceSelect`: a value shown as itself, or with its label. */
export type ChoiceOption = string | { value: string; label: string };

/**
 * A choice among a short, fixed list as the browser's own select (Mantine's `NativeSelect`), with `Select`'s value
 * contract (the value or null). Mantine's `Select` brings its combobox, popover and Floating UI (≈ 22 KB gzip) to a
 * page's first load; a list of a few options does not need a searchable dropdown. A file of its own: the pages
 * using the kit's other form helpers do not fetch `NativeSelect`. `clearable` (or no value yet)
 * adds an empty first option, which reads as null.
 */
export function ChoiceSelect({
  data,
  value,
  onChange,
  clearable = false,
  placeholder = '',
  ...props
}: Omit<NativeSelectProps, 'data' | 'value' | 'onChange' | 'placeholder'> & {
  data: readonly ChoiceOption[];
  value: string | null;
  onChange: (value: string | null) => void;
  clearable?: boolean;
  placeholder?: string;
}) {
  const options = data.map((o) => (typeof o === 'string' ? { value: o, label: o } : o));
  const empty = clearable || value === null ? [{ value: '', label: placeholder }] : [];
  return (
    <NativeSelect
      {...props}
      data={[...empty, ...options]}
      value={value ?? ''}
      onChange={(e) => onChange(e.currentTarget.value === '' ? null : e.currentTarget.value)}
    />
  );
}
