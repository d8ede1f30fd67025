import { TextInput, type TextInputProps } from '@mantine/core';

/**
 * A calendar date as the API takes it ('YYYY-MM-DD'), with the browser's date picker. In its own file: a list's
 * date filters need it without the form helpers (masks, money inputs, the valibot resolver).
 */
export function DateField(props: Omit<TextInputProps, 'type'>) {
  return <TextInput {...props} type="date" />;
}
