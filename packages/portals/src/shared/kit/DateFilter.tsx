import { TextInput, type TextInputProps } from '@mantine/core';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { FILTER_DATE_MAX, FILTER_DATE_MIN, filterDate, INVALID_DATE_MESSAGE } from './filterDate.ts';

export type DateFilterProps = Omit<
  TextInputProps,
  'type' | 'value' | 'defaultValue' | 'onChange' | 'min' | 'max'
> & {
  /** The date the list filters by ('YYYY-MM-DD'), from the URL; undefined for none. */
  value: string | undefined;
  /** The earliest and latest date accepted (the other end of a range). */
  min?: string;
  max?: string;
  /** A complete, valid date, or undefined once the field is emptied. Nothing while a date is being typed. */
  onChange: (date: string | undefined) => void;
};

/**
 * A list's date filter: the browser's date field, reporting a date only once it is a whole, valid one, so that a
 * half-typed date never reaches the API (nor the URL) and what is being typed stays as typed. A date that is not
 * one when the field is left (a part missing, a year like 0202, before `min` or after `max`) shows
 * 'Selecione uma data válida' and leaves the filter as it was. A new `value` from outside (back and forward,
 * 'Limpar filtros') replaces what the field holds.
 */
export function DateFilter({ value, min, max, onChange, onBlur, error, ...props }: DateFilterProps) {
  const [text, setText] = useState(value ?? '');
  const [invalid, setInvalid] = useState(false);
  const [shown, setShown] = useState(false);
  // The value last reported or received: a `value` that differs from it comes from elsewhere.
  const known = useRef(value);
  useEffect(() => {
    if (value === known.current) return;
    known.current = value;
    setText(value ?? '');
    setInvalid(false);
    setShown(false);
  }, [value]);

  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const raw = event.currentTarget.value;
    // A field with some parts typed and others not reads '' and says so in `badInput`.
    const partial = event.currentTarget.validity?.badInput ?? false;
    setText(raw);
    if (raw === '' && !partial) {
      setInvalid(false);
      setShown(false);
      if (known.current !== undefined) {
        known.current = undefined;
        onChange(undefined);
      }
      return;
    }
    const date = filterDate(raw, min, max);
    setInvalid(date === null);
    if (date === null) return;
    setShown(false);
    if (date !== known.current) {
      known.current = date;
      onChange(date);
    }
  };

  return (
    <TextInput
      {...props}
      type="date"
      value={text}
      // Fixed bounds: Chrome empties a date field being typed into when its `min` or `max` changes, and the other
      // end of the range changes as soon as that field's date reaches the URL. The range is checked above.
      min={FILTER_DATE_MIN}
      max={FILTER_DATE_MAX}
      onChange={change}
      onBlur={(event) => {
        // Leaving a field whose parts are not all typed: it holds no date, say so.
        if (invalid || event.currentTarget.validity?.badInput) {
          setInvalid(true);
          setShown(true);
        }
        onBlur?.(event);
      }}
      error={error ?? (shown && invalid ? INVALID_DATE_MESSAGE : undefined)}
    />
  );
}
