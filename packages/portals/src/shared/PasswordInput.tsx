import { PasswordInput as MantinePasswordInput, type PasswordInputProps } from '@mantine/core';
import { useState } from 'react';

/** The eye button's name, read by screen readers: what pressing it does now. */
export const passwordToggleLabel = (visible: boolean) => (visible ? 'Ocultar senha' : 'Mostrar senha');

/**
 * Mantine's PasswordInput with its eye button named in Portuguese by what it does ('Mostrar senha', then
 * 'Ocultar senha'): Mantine names it 'Toggle password visibility' whatever the state. Takes Mantine's props;
 * `visible`/`onVisibilityChange` still control it from outside.
 */
export function PasswordInput({
  visible,
  defaultVisible = false,
  onVisibilityChange,
  visibilityToggleButtonProps,
  ...props
}: PasswordInputProps) {
  const [own, setOwn] = useState(defaultVisible);
  const shown = visible ?? own;
  return (
    <MantinePasswordInput
      {...props}
      visible={shown}
      onVisibilityChange={(next) => {
        setOwn(next);
        onVisibilityChange?.(next);
      }}
      visibilityToggleButtonProps={{
        ...visibilityToggleButtonProps,
        'aria-label': passwordToggleLabel(shown),
      }}
    />
  );
}
