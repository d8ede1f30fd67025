/**
 * The catalogue's category forms (spec 2.2): create with subcategories and tags, and edit with each subcategory
 * saved on its own.
 */
import { CATEGORY_STATUSES, type Category, CreateCategoryRequest, UpdateCategoryRequest } from '@drip/core';
import { Anchor, Button, Checkbox, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  ChoiceSelect,
  LoadError,
  notifyError,
  notifySuccess,
  PageLoader,
  STATUS_LABELS,
} from '../../shared/kit/index.ts';
import { validate } from '../../shared/validate.ts';
import {
  useAddSubcategory,
  useAdminCategory,
  useAdminTags,
  useCreateCategory,
  useUpdateCategory,
} from '../api/catalogue.ts';
import { CATEGORIES_PATH, CATEGORY_MESSAGES, CATEGORY_TEXTS } from './texts.ts';

/** The tag checkboxes of a category (create and edit). */
function TagChoice({ value, onChange }: { value: string[]; onChange: (ids: string[]) => void }) {
  const tags = useAdminTags();
  if (tags.isError)
    return (
      <Text c="red" size="sm">
        Erro ao carregar tags
      </Text>
    );
  if (tags.isPending || tags.data.length === 0) return null;
  return (
    <Checkbox.Group label="Tags" value={value} onChange={onChange}>
      <Group gap="md" mt="xs">
        {tags.data.map((t) => (
          <Checkbox key={t.id} value={t.id} label={t.name} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}

const STATUS_OPTIONS = CATEGORY_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS.category[s] }));

let subKey = 0;

/** 'Adicionar categoria': name, subcategory names (+ and -, empty ones dropped), tags, 'Salvar Categoria'. */
export function CategoryCreatePage() {
  const navigate = useNavigate();
  const create = useCreateCategory();
  const [name, setName] = useState('');
  const [subs, setSubs] = useState<{ key: number; name: string }[]>([{ key: ++subKey, name: '' }]);
  const [tagsId, setTagsId] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(CreateCategoryRequest, {
      name,
      status: 'ACTIVE',
      subCategory: subs.map((s) => ({ name: s.name })).filter((s) => s.name.trim() !== ''),
      tagsId,
    });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    try {
      await create.mutateAsync(checked.value);
      notifySuccess(CATEGORY_MESSAGES.created);
      await navigate(CATEGORIES_PATH);
    } catch {
      notifyError(CATEGORY_MESSAGES.createFailed);
    }
  };
  return (
    <Stack gap="lg" maw={640}>
      <Anchor component={Link} to={CATEGORIES_PATH} size="sm">
        Voltar para as categorias
      </Anchor>
      <Title order={2}>{CATEGORY_TEXTS.create}</Title>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <form onSubmit={(e) => void submit(e)} noValidate aria-label={CATEGORY_TEXTS.create}>
          <Stack gap="md">
            <TextInput
              label="Nome"
              required
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={errors.name}
            />
            <Stack gap="xs">
              <Text fw={500} size="sm">
                Subcategorias
              </Text>
              {subs.map((sub, index) => (
                <Group key={sub.key} gap="xs" wrap="nowrap">
                  <TextInput
                    aria-label={`Subcategoria ${index + 1}`}
                    placeholder="Nome da subcategoria"
                    value={sub.name}
                    onChange={(e) => {
                      const value = e.currentTarget.value;
                      setSubs((prev) => prev.map((s) => (s.key === sub.key ? { ...s, name: value } : s)));
                    }}
                    style={{ flex: 1 }}
                  />
                  {/* A Button, not an ActionIcon: the logins' password toggle would lose ActionIcon to a chunk of its own. */}
                  <Button
                    variant="light"
                    color="red"
                    px="sm"
                    aria-label={`Remover subcategoria ${index + 1}`}
                    disabled={subs.length <= 1}
                    onClick={() => setSubs((prev) => prev.filter((s) => s.key !== sub.key))}
                  >
                    -
                  </Button>
                </Group>
              ))}
              <Group>
                <Button
                  variant="light"
                  px="sm"
                  aria-label="Adicionar subcategoria"
                  onClick={() => setSubs((prev) => [...prev, { key: ++subKey, name: '' }])}
                >
                  +
                </Button>
              </Group>
            </Stack>
            <TagChoice value={tagsId} onChange={setTagsId} />
            <Group justify="flex-end">
              <Button type="submit" loading={create.isPending}>
                {CATEGORY_TEXTS.saveNew}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}

/** One subcategory of the edit page: its name and status, saved by its own 'Salvar'. */
function SubcategoryRow({ sub }: { sub: Category['subCategory'][number] }) {
  const update = useUpdateCategory();
  const [name, setName] = useState(sub.name);
  const [status, setStatus] = useState<string>(sub.status);
  const [error, setError] = useState<string | undefined>();
  const save = async () => {
    const checked = validate(UpdateCategoryRequest, { name, status });
    if (!checked.ok) {
      setError(checked.errors.name ?? checked.errors.status);
      return;
    }
    setError(undefined);
    try {
      await update.mutateAsync({ id: sub.id, body: checked.value });
      notifySuccess(CATEGORY_MESSAGES.subUpdated);
    } catch {
      notifyError(CATEGORY_MESSAGES.subUpdateFailed);
    }
  };
  return (
    <Group align="flex-end" wrap="wrap" gap="sm" aria-label={`Subcategoria ${sub.name}`} role="group">
      <TextInput
        label="Nome da subcategoria"
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        error={error}
        style={{ flex: 1, minWidth: 200 }}
      />
      <ChoiceSelect
        label="Status"
        data={STATUS_OPTIONS}
        value={status}
        onChange={(value) => setStatus(value ?? sub.status)}
        w={180}
      />
      <Button variant="light" loading={update.isPending} onClick={() => void save()}>
        {CATEGORY_TEXTS.save}
      </Button>
    </Group>
  );
}

/** 'Adicionar + subcategoria': a new name and its 'Salvar'. */
function NewSubcategory({ categoryId, onDone }: { categoryId: string; onDone: () => void }) {
  const add = useAddSubcategory(categoryId);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const save = async () => {
    if (name.trim() === '') {
      setError('Informe o nome da subcategoria');
      return;
    }
    setError(undefined);
    try {
      await add.mutateAsync(name.trim());
      notifySuccess(CATEGORY_MESSAGES.subAdded);
      onDone();
    } catch {
      notifyError(CATEGORY_MESSAGES.subAddFailed);
    }
  };
  return (
    <Group align="flex-end" wrap="wrap" gap="sm">
      <TextInput
        label="Nova subcategoria"
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        error={error}
        style={{ flex: 1, minWidth: 200 }}
      />
      <Button variant="light" loading={add.isPending} onClick={() => void save()}>
        {CATEGORY_TEXTS.save}
      </Button>
    </Group>
  );
}

function CategoryEditForm({ category }: { category: Category }) {
  const update = useUpdateCategory();
  const [name, setName] = useState(category.name);
  const [status, setStatus] = useState<string>(category.status);
  const [tagsId, setTagsId] = useState(category.tags.map((t) => t.id));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [adding, setAdding] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(UpdateCategoryRequest, { name, status, tagsId });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    try {
      await update.mutateAsync({ id: category.id, body: checked.value });
      notifySuccess(CATEGORY_MESSAGES.updated);
    } catch {
      notifyError(CATEGORY_MESSAGES.updateFailed);
    }
  };
  return (
    <Stack gap="lg" maw={720}>
      <Anchor component={Link} to={CATEGORIES_PATH} size="sm">
        Voltar para as categorias
      </Anchor>
      <Title order={2}>{CATEGORY_TEXTS.edit}</Title>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <form onSubmit={(e) => void submit(e)} noValidate aria-label={CATEGORY_TEXTS.edit}>
          <Stack gap="md">
            <TextInput
              label="Nome"
              required
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={errors.name}
            />
            <ChoiceSelect
              label="Status"
              required
              data={STATUS_OPTIONS}
              value={status}
              onChange={(value) => setStatus(value ?? category.status)}
            />
            <TagChoice value={tagsId} onChange={setTagsId} />
            <Group justify="flex-end">
              <Button type="submit" loading={update.isPending}>
                {CATEGORY_TEXTS.saveEdit}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <Paper
        withBorder
        radius="lg"
        p={{ base: 'md', sm: 'lg' }}
        component="section"
        aria-label="Subcategorias"
      >
        <Stack gap="md">
          <Title order={3} size="h4">
            Subcategorias
          </Title>
          {category.subCategory.length === 0 ? <Text c="dimmed">Nenhuma subcategoria.</Text> : null}
          {category.subCategory.map((sub) => (
            <SubcategoryRow key={sub.id} sub={sub} />
          ))}
          {adding ? <NewSubcategory categoryId={category.id} onDone={() => setAdding(false)} /> : null}
          <Group>
            <Button variant="subtle" onClick={() => setAdding(true)} disabled={adding}>
              {CATEGORY_TEXTS.addSubcategory}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}

/** 'Editar categoria' (route `edit/{id}`). */
export function CategoryEditPage() {
  const { id = '' } = useParams();
  const query = useAdminCategory(id);
  if (query.isError)
    return (
      <LoadError
        title="Não foi possível carregar a categoria"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  if (query.isPending) return <PageLoader />;
  return <CategoryEditForm key={query.data.id} category={query.data} />;
}
