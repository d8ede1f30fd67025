import { type SelectProps, TextInput } from '@mantine/core';
import { type ComponentType, useEffect, useRef, useState } from 'react';

type Picker = ComponentType<SelectProps>;

/** The picker's code, fetched once for every SearchSelect of the app (and again after a failure). */
let picker: Promise<Picker> | null = null;
let loadedPicker: Picker | null = null;
function loadPicker(): Promise<Picker> {
  if (picker === null) {
    picker = import('./SearchSelectPicker.tsx').then((m) => {
      loadedPicker = m.Select;
      return m.Select;
    });
    picker.catch(() => {
      picker = null;
    });
  }
  return picker;
}

export type SearchSelectProps = Omit<
  SelectProps,
  'searchable' | 'searchValue' | 'onSearchChange' | 'data' | 'value' | 'onChange'
> & {
  /** The options found for the search (the chosen one included). */
  data: readonly { value: string; label: string }[];
  value: string | null;
  onChange: (value: string | null) => void;
  /** The text typed in the box: held by the caller, so that it survives the picker's arrival. */
  searchValue: string;
  onSearchChange: (search: string) => void;
};

/**
 * A searchable picker over a list the server searches (stores, merchants: too many for a native select), whose
 * dropdown code follows the page's first screen: until Mantine's Select has arrived the field is a plain text box
 * with the same label, taking the search. The picker replaces it as soon as it arrives unless the box has the focus
 * (someone typing, or about to): then it waits until the box is left (the input a person is in is never remounted,
 * and the search typed carries over).
 */
export function SearchSelect({
  data,
  value,
  onChange,
  searchValue,
  onSearchChange,
  ...props
}: SearchSelectProps) {
  const [Loaded, setLoaded] = useState<Picker | null>(() => loadedPicker);
  const box = useRef<HTMLInputElement>(null);
  const waiting = useRef<Picker | null>(null);
  const search = useRef(searchValue);
  search.current = searchValue;
  // Mantine's Select empties the search by itself while nothing is chosen (its effects, on mount and after): until
  // someone uses the picker (focus, a choice), the search typed in the box stays.
  const used = useRef(false);
  // As Mantine's Select does: the chosen option's label in the box (a choice read from the URL, a saved record),
  // unless someone is typing in it.
  const chosenLabel = data.find((option) => option.value === value)?.label;
  const report = useRef(onSearchChange);
  report.current = onSearchChange;
  useEffect(() => {
    if (Loaded || chosenLabel === undefined) return;
    if (box.current !== null && document.activeElement === box.current) return;
    if (search.current !== chosenLabel) report.current(chosenLabel);
  }, [Loaded, chosenLabel]);
  useEffect(() => {
    if (Loaded) return;
    let cancelled = false;
    // A task after the first render: the picker is not part of the first screen.
    const timer = window.setTimeout(() => {
      loadPicker().then(
        (Select) => {
          if (cancelled) return;
          // In the box (typing, or about to): the picker waits until it is left.
          if (box.current !== null && document.activeElement === box.current) {
            waiting.current = Select;
            return;
          }
          setLoaded(() => Select);
        },
        () => {},
      );
    }, 0);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [Loaded]);
  if (Loaded)
    return (
      <Loaded
        {...props}
        searchable
        data={data as SelectProps['data']}
        value={value}
        onFocus={(event) => {
          used.current = true;
          props.onFocus?.(event);
        }}
        onChange={(next) => {
          used.current = true;
          onChange(next);
        }}
        searchValue={searchValue}
        onSearchChange={(next) => {
          if (used.current || next !== '') onSearchChange(next);
        }}
      />
    );
  return (
    <TextInput
      ref={box}
      label={props.label}
      description={props.description}
      placeholder={props.placeholder}
      required={props.required ?? false}
      error={props.error}
      disabled={props.disabled ?? false}
      w={props.w}
      autoComplete="off"
      value={searchValue}
      onChange={(event) => onSearchChange(event.currentTarget.value)}
      onBlur={() => {
        const Select = waiting.current;
        if (Select) setLoaded(() => Select);
      }}
    />
  );
}
