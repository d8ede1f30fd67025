import { FileInput, Image, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';

/** The PNG signature: a file is read as a PNG only when its bytes say so (the server checks the rest). */
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
export const IMAGE_INPUT_MESSAGES = { notPng: 'A imagem deve ser um arquivo PNG válido' } as const;

/** A file's bytes as base64 without the `data:` prefix, as the spec's calls send an image. */
export async function pngBase64(file: Blob): Promise<string | null> {
  const bytes = new Uint8Array(await readBytes(file));
  if (PNG_SIGNATURE.some((b, i) => bytes[i] !== b)) return null;
  let binary = '';
  // In slices: String.fromCharCode with a whole megabyte of arguments overflows the stack.
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** FileReader rather than `Blob.arrayBuffer()`: the older WebViews (and jsdom) of the back office lack the latter. */
function readBytes(file: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      reader.result instanceof ArrayBuffer ? resolve(reader.result) : reject(new Error('not read as bytes'));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file);
  });
}

export interface ImageInputProps {
  label: string;
  description?: string;
  /** The image the server has now (its URL), shown until another is chosen. */
  currentUrl?: string | null;
  /** The chosen PNG as base64 (no prefix), or null while none is chosen (the current one stays). */
  value: string | null;
  onChange: (base64: string | null) => void;
  error?: string | undefined;
  required?: boolean;
}

/**
 * An image upload with its preview (spec 2.2's PNG fields: promotions, store logos, tags, merchant logos): only a
 * PNG by its bytes is taken; the preview shows the chosen file, or the current image when none is chosen.
 */
export function ImageInput({
  label,
  description,
  currentUrl,
  value,
  onChange,
  error,
  required,
}: ImageInputProps) {
  const [file, setFile] = useState<File | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  // A cleared value from outside (the form was reset) clears the chosen file too.
  useEffect(() => {
    if (value === null) setFile(null);
  }, [value]);
  const pick = async (next: File | null) => {
    setFile(next);
    setInvalid(null);
    if (next === null) return onChange(null);
    const base64 = await pngBase64(next);
    if (base64 === null) {
      setInvalid(IMAGE_INPUT_MESSAGES.notPng);
      setFile(null);
      return onChange(null);
    }
    onChange(base64);
  };
  const preview = value ? `data:image/png;base64,${value}` : (currentUrl ?? null);
  return (
    <Stack gap="xs">
      <FileInput
        label={label}
        description={description}
        placeholder="Escolher arquivo PNG"
        accept="image/png"
        clearable
        value={file}
        onChange={(next) => void pick(next)}
        error={invalid ?? error}
        required={required ?? false}
      />
      {preview ? (
        <Image
          src={preview}
          alt={`Pré-visualização: ${label}`}
          maw={240}
          mah={160}
          fit="contain"
          radius="sm"
        />
      ) : (
        <Text size="sm" c="dimmed">
          Nenhuma imagem
        </Text>
      )}
    </Stack>
  );
}
