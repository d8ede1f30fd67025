/** 'Cadastrar Tag' (image required) and 'Editar Tag' (the current image kept when none is chosen), spec 2.2. */
import { CreateTagRequest, TAG_STATUSES, TAG_TYPES, type Tag, UpdateTagRequest } from '@drip/core';
import { TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  ChoiceSelect,
  FormPage,
  ImageUpload,
  LoadError,
  NumberTextInput,
  notifyError,
  notifySuccess,
  PageLoader,
  STATUS_LABELS,
  useFormFields,
} from '../../shared/kit/index.ts';
import { validate } from '../../shared/validate.ts';
import { useAdminTag, useSaveTag } from '../api/catalogue.ts';
import { TAG_MESSAGES, TAG_TEXTS, TAG_TYPE_LABELS, TAGS_PATH } from './texts.ts';

const TYPE_OPTIONS = TAG_TYPES.map((t) => ({ value: t, label: TAG_TYPE_LABELS[t] }));
const STATUS_OPTIONS = TAG_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS.tag[s] }));

interface Values {
  name: string;
  type: string | null;
  priority: number | '';
  status: string;
  logo: string | null;
}

function TagForm({ tag }: { tag?: Tag }) {
  const navigate = useNavigate();
  const save = useSaveTag(tag?.id);
  const editing = tag !== undefined;
  const title = editing ? TAG_TEXTS.edit : TAG_TEXTS.create;
  const form = useFormFields<Values>({
    name: tag?.name ?? '',
    type: tag?.type ?? null,
    priority: tag?.priority ?? '',
    status: tag?.status ?? 'ACTIVE',
    logo: null,
  });
  const { values, setErrors } = form;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const common = {
      name: values.name,
      type: values.type ?? '',
      priority: values.priority === '' ? undefined : Number(values.priority),
    };
    const checked = editing
      ? validate(UpdateTagRequest, {
          ...common,
          status: values.status,
          ...(values.logo ? { logo: values.logo } : {}),
        })
      : validate(CreateTagRequest, { ...common, logo: values.logo ?? '' });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(checked.value);
      notifySuccess(editing ? TAG_MESSAGES.updated : TAG_MESSAGES.created);
      await navigate(TAGS_PATH);
    } catch {
      notifyError(editing ? TAG_MESSAGES.updateFailed : TAG_MESSAGES.createFailed);
    }
  };
  return (
    <FormPage
      back={{ to: TAGS_PATH, label: 'Voltar para as tags' }}
      title={title}
      submitLabel={TAG_TEXTS.save}
      saving={save.isPending}
      onSubmit={(e) => void submit(e)}
      maw={560}
    >
      <TextInput label="Nome" required {...form.text('name')} />
      <ChoiceSelect label="Tipo" required data={TYPE_OPTIONS} {...form.field('type')} />
      <NumberTextInput label="Prioridade" required={editing} {...form.field('priority')} />
      {editing ? (
        <ChoiceSelect
          label="Status"
          required
          data={STATUS_OPTIONS}
          value={values.status}
          onChange={(value) => form.set('status', value ?? 'ACTIVE')}
        />
      ) : null}
      <ImageUpload
        label="Imagem"
        required={!editing}
        currentUrl={tag?.logoUrl}
        description={editing ? 'Sem uma nova imagem, a atual é mantida.' : 'PNG'}
        {...form.field('logo')}
      />
    </FormPage>
  );
}

export function TagCreatePage() {
  return <TagForm />;
}

/** 'Editar Tag' (route `edit/{id}`). */
export function TagEditPage() {
  const { id = '' } = useParams();
  const query = useAdminTag(id);
  if (query.isError)
    return (
      <LoadError
        title="Não foi possível carregar a tag"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  if (query.isPending) return <PageLoader />;
  return <TagForm key={query.data.id} tag={query.data} />;
}
