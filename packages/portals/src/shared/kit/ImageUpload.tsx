import { Button, FileButton, Group, Image, Input, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';

/** The server's limit (docs/images.md): a PNG of at most 1 MB. */
export const MAX_IMAGE_UPLOAD_BYTES = 1024 * 1024;

export const IMAGE_UPLOAD_TEXTS = {
  choose: 'Escolher imagem PNG',
  replace: 'Trocar imagem',
  undo: 'Manter a imagem atual',
  discard: 'Descartar imagem escolhida',
  none: 'Nenhuma imagem',
  notPng: 'A imagem deve ser um arquivo PNG válido',
  tooLarge: 'A imagem deve ter no máximo 1 MB',
  unreadable: 'Não foi possível ler a imagem',
} as const;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function readBytes(file: Blob): Promise<Uint8Array> {
  // FileReader rather than Blob.arrayBuffer: the same in every browser the back office supports and in jsdom.
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file);
  });
}

function base64Of(bytes: Uint8Array): string {
  let binary = '';
  // In slices: String.fromCharCode with a whole megabyte of arguments overflows the stack.
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * A chosen file as the API takes an image: the PNG's base64 without a `data:` prefix. Checked here by its content
 * (the PNG signature, not the name or the type the browser guesses) and size, so that the form says so before a
 * call; the server checks every chunk again and has the last word.
 */
export async function readPngUpload(
  file: Blob,
): Promise<{ ok: true; base64: string } | { ok: false; message: string }> {
  if (file.size > MAX_IMAGE_UPLOAD_BYTES) return { ok: false, message: IMAGE_UPLOAD_TEXTS.tooLarge };
  let bytes: Uint8Array;
  try {
    bytes = await readBytes(file);
  } catch {
    return { ok: false, message: IMAGE_UPLOAD_TEXTS.unreadable };
  }
  if (bytes.length < PNG_SIGNATURE.length || PNG_SIGNATURE.some((b, i) => bytes[i] !== b))
    return { ok: false, message: IMAGE_UPLOAD_TEXTS.notPng };
  return { ok: true, base64: base64Of(bytes) };
}

export interface ImageUploadProps {
  label: string;
  /** The saved image's URL (edit), shown until another image is chosen; kept when none is. */
  currentUrl?: string | null;
  /** The chosen PNG as base64 without prefix, or null when none was chosen. */
  value: string | null;
  onChange: (base64: string | null) => void;
  /** A message from the form or the server (shown under the field, like the other inputs' errors). */
  error?: string | undefined;
  description?: string;
  required?: boolean;
}

/**
 * An image field with its preview (spec 2.2: logos, store and tag images): choose a PNG, see it, discard it to keep
 * the current image. The value is what the API takes, so a form sends it as it is.
 */
export function ImageUpload({
  label,
  currentUrl = null,
  value,
  onChange,
  error,
  description,
  required,
}: ImageUploadProps) {
  const id = useId();
  const [ownError, setOwnError] = useState<string | null>(null);
  const preview = value !== null ? `data:image/png;base64,${value}` : currentUrl;
  const choose = async (file: File | null) => {
    if (file === null) return;
    const read = await readPngUpload(file);
    if (!read.ok) {
      setOwnError(read.message);
      return;
    }
    setOwnError(null);
    onChange(read.base64);
  };
  const shown = ownError ?? error;
  return (
    <Input.Wrapper id={id} label={label} description={description} error={shown} required={required ?? false}>
      <Stack gap="xs" mt={4}>
        {preview ? (
          <Image
            src={preview}
            alt={`Pré-visualização: ${label}`}
            h={96}
            w={96}
            fit="contain"
            radius="sm"
            bg="gray.0"
          />
        ) : (
          <Text size="sm" c="dimmed">
            {IMAGE_UPLOAD_TEXTS.none}
          </Text>
        )}
        <Group gap="xs">
          <FileButton
            onChange={(file) => void choose(file)}
            accept="image/png"
            inputProps={{ 'aria-label': `Arquivo: ${label}` }}
          >
            {(props) => (
              <Button {...props} id={id} variant="light" size="xs">
                {preview ? IMAGE_UPLOAD_TEXTS.replace : IMAGE_UPLOAD_TEXTS.choose}
              </Button>
            )}
          </FileButton>
          {value !== null ? (
            <Button
              variant="subtle"
              size="xs"
              color="gray"
              onClick={() => {
                setOwnError(null);
                onChange(null);
              }}
            >
              {currentUrl ? IMAGE_UPLOAD_TEXTS.undo : IMAGE_UPLOAD_TEXTS.discard}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
