import { Anchor, FileInput, Group, Image, Stack, Text } from '@mantine/core';
import { useState } from 'react';

/** The PNG signature: the first 8 bytes of every PNG file, whatever it is called. */
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** The server's limit (docs/images.md): refused here first, so that a big file is not sent for nothing. */
export const IMAGE_MAX_BYTES = 1024 * 1024;

export const IMAGE_INPUT_MESSAGES = {
  notPng: 'A imagem deve ser um arquivo PNG válido',
  tooBig: 'A imagem deve ter no máximo 1 MB',
  unreadable: 'Não foi possível ler a imagem',
} as const;

/** Whether base64 content starts with the PNG signature (the server checks again, by content). */
export function isPngBase64(base64: string): boolean {
  try {
    const head = atob(base64.slice(0, 12));
    return PNG_SIGNATURE.every((byte, i) => head.charCodeAt(i) === byte);
  } catch {
    return false;
  }
}

/** The file's content as base64 without the `data:` prefix, as the API takes images (spec 3). */
export function readBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result ?? '');
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

export interface ImageInputProps {
  label: string;
  /** The chosen PNG as base64 without prefix; null when none was chosen. */
  value: string | null;
  onChange: (base64: string | null) => void;
  /** On edit, the image in force: previewed while no new one is chosen (and kept if none is). */
  currentUrl?: string | null | undefined;
  required?: boolean;
  /** A validation message from the form (e.g. 'Imagem é obrigatória'). */
  error?: string | undefined;
  description?: string;
}

/**
 * A PNG upload with its preview (spec 2.2: store logos, tag images, merchant logos): the file is checked to be a
 * real PNG by its bytes and within the size limit before it is sent, then handed over as base64 without prefix.
 */
export function ImageInput({
  label,
  value,
  onChange,
  currentUrl,
  required,
  error,
  description,
}: ImageInputProps) {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const choose = async (next: File | null) => {
    setFile(next);
    setProblem(null);
    if (next === null) return onChange(null);
    if (next.size > IMAGE_MAX_BYTES) {
      setProblem(IMAGE_INPUT_MESSAGES.tooBig);
      return onChange(null);
    }
    try {
      const base64 = await readBase64(next);
      if (!isPngBase64(base64)) {
        setProblem(IMAGE_INPUT_MESSAGES.notPng);
        return onChange(null);
      }
      onChange(base64);
    } catch {
      setProblem(IMAGE_INPUT_MESSAGES.unreadable);
      onChange(null);
    }
  };
  const preview = value ? `data:image/png;base64,${value}` : (currentUrl ?? null);
  return (
    <Stack gap={6}>
      <FileInput
        label={label}
        description={description}
        placeholder="Escolher arquivo PNG"
        accept="image/png"
        clearable
        required={required}
        value={file}
        onChange={(next) => void choose(next)}
        error={problem ?? error}
      />
      {preview ? (
        <Group gap="sm" align="center">
          <Image src={preview} alt={`Prévia: ${label}`} h={72} w={72} fit="contain" radius="sm" bg="gray.0" />
          {value ? (
            <Text size="xs" c="dimmed">
              Nova imagem
            </Text>
          ) : (
            <Anchor href={preview} target="_blank" rel="noreferrer" size="xs">
              Imagem atual
            </Anchor>
          )}
        </Group>
      ) : null}
    </Stack>
  );
}
