import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { Paper, Stack, Text } from '@mantine/core';
import type { Meta, StoryObj } from '@storybook/react';
import { useState } from 'react';
import {
  type CategoryOption,
  type CategoryRow,
  CategoryTagPicker,
  rowsFromIds,
} from './CategoryTagPicker.tsx';
import { KitHarness } from './demo.tsx';
import { ImageUpload } from './ImageUpload.tsx';

/** A 1×1 PNG, as a saved image's URL would show it. */
const SAVED_IMAGE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const options: CategoryOption[] = [
  {
    id: 'moda',
    name: 'Moda',
    subCategory: [
      { id: 'feminino', name: 'Feminino' },
      { id: 'masculino', name: 'Masculino' },
      { id: 'calcados', name: 'Calçados' },
    ],
    tags: [
      { id: 'casual', name: 'Estilo casual' },
      { id: 'black-friday', name: 'Black Friday' },
    ],
  },
  {
    id: 'casa',
    name: 'Casa e decoração',
    subCategory: [{ id: 'cozinha', name: 'Cozinha' }],
    tags: [{ id: 'brasil', name: 'Feito no Brasil' }],
  },
  { id: 'livros', name: 'Livros', subCategory: [], tags: [] },
];

function DemoCategoryPicker({ saved = [], savedTags = [] }: { saved?: string[]; savedTags?: string[] }) {
  const [rows, setRows] = useState<CategoryRow[]>(() => rowsFromIds(options, saved).rows);
  const [tags, setTags] = useState<string[]>(savedTags);
  return (
    <Paper withBorder p="md" maw={560} m="md">
      <CategoryTagPicker
        options={options}
        rows={rows}
        tagsIds={tags}
        required
        onChange={(nextRows, nextTags) => {
          setRows(nextRows);
          setTags(nextTags);
        }}
      />
    </Paper>
  );
}

function DemoImageUploads({ error }: { error?: string }) {
  const [chosen, setChosen] = useState<string | null>(null);
  const [other, setOther] = useState<string | null>(null);
  return (
    <Stack maw={560} m="md">
      <ImageUpload label="Logo B2C" currentUrl={SAVED_IMAGE} value={chosen} onChange={setChosen} />
      <ImageUpload label="Logo B2B" value={other} onChange={setOther} error={error} />
      <Text size="xs" c="dimmed">
        {chosen === null ? 'Sem nova imagem: a atual é mantida.' : 'Nova imagem escolhida.'}
      </Text>
    </Stack>
  );
}

const meta = {
  title: 'Portals/Kit/Store fields',
  component: KitHarness,
  args: { path: '/', children: null },
} satisfies Meta<typeof KitHarness>;

export default meta;
type Story = StoryObj<typeof meta>;

export const CategoriesEmpty: Story = {
  args: { children: <DemoCategoryPicker /> },
  parameters: {
    keyText: ['Categorias da loja', 'Categoria 1', 'Selecione uma categoria', 'Adicionar categoria'],
  },
};
export const CategoriesWithSubcategoriesAndTags: Story = {
  args: { children: <DemoCategoryPicker saved={['moda', 'feminino', 'casa']} savedTags={['casual']} /> },
  parameters: {
    keyText: [
      'Subcategorias de Moda',
      'Feminino',
      'Categoria 2',
      'Remover categoria',
      'Tags',
      'Feito no Brasil',
    ],
  },
};
export const CategoryWithoutTags: Story = {
  args: { children: <DemoCategoryPicker saved={['livros']} /> },
  parameters: { keyText: ['As categorias escolhidas não têm tags.'] },
};
export const ImageUploads: Story = {
  args: { children: <DemoImageUploads /> },
  parameters: { keyText: ['Logo B2C', 'Trocar imagem', 'Nenhuma imagem', 'Escolher imagem PNG'] },
};
export const ImageUploadRefused: Story = {
  args: { children: <DemoImageUploads error="A imagem deve ser um arquivo PNG válido" /> },
  parameters: { keyText: ['A imagem deve ser um arquivo PNG válido'] },
};
