import { type AdminCustomerDetails, onlyDigits } from '@drip/core';
import { Anchor, Button, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiFailure } from '../../shared/api.ts';
import { FailureBanner, LateMaskedInput, MASKS, QueryPage } from '../../shared/kit/index.ts';
import { loadCustomerUpdate, useAdminCustomer, useUpdateCustomer } from '../api/customers.ts';
import { CUSTOMER_LOAD_FAILED, customerPath } from './paths.ts';

/** Spec 8's generic form failure: 'Incapaz de editar (status)'; a 409 names the field another customer has. */
export const CUSTOMER_EDIT_TEXTS = {
  title: 'Editar cliente',
  submit: 'Atualizar',
  failed: 'Incapaz de editar',
} as const;

type Field =
  | 'name'
  | 'email'
  | 'cpf'
  | 'phone'
  | 'addressCep'
  | 'addressStreet'
  | 'addressNumber'
  | 'addressComplement'
  | 'addressNeighborhood'
  | 'addressCity'
  | 'addressState';
type Values = Record<Field, string>;

const TEXT_FIELDS: [Field, string][] = [
  ['addressStreet', 'Rua'],
  ['addressNumber', 'Número'],
  ['addressComplement', 'Complemento'],
  ['addressNeighborhood', 'Bairro'],
  ['addressCity', 'Cidade'],
  ['addressState', 'Estado'],
];

function EditForm({ details }: { details: AdminCustomerDetails }) {
  const c = details.customer;
  const navigate = useNavigate();
  const save = useUpdateCustomer(c.id);
  const [values, setValues] = useState<Values>({
    name: c.name,
    email: c.email ?? '',
    cpf: c.cpf,
    phone: c.phone,
    addressCep: c.addressCep ?? '',
    addressStreet: c.addressStreet ?? '',
    addressNumber: c.addressNumber ?? '',
    addressComplement: c.addressComplement ?? '',
    addressNeighborhood: c.addressNeighborhood ?? '',
    addressCity: c.addressCity ?? '',
    addressState: c.addressState ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const set = (field: Field) => (value: string) => setValues((old) => ({ ...old, [field]: value }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const empty = (s: string) => (s.trim() === '' ? null : s.trim());
    // Spec 5: the admin's CPF goes as digits.
    const body = {
      name: values.name,
      email: values.email,
      cpf: onlyDigits(values.cpf),
      phone: values.phone,
      addressCep: empty(values.addressCep),
      addressStreet: empty(values.addressStreet),
      addressNumber: empty(values.addressNumber),
      addressComplement: empty(values.addressComplement),
      addressNeighborhood: empty(values.addressNeighborhood),
      addressCity: empty(values.addressCity),
      addressState: empty(values.addressState),
    };
    // The contract the server parses the same request with: its messages under each field. Its module (the phone
    // check's metadata) comes after the first screen; should it fail to come, the server's 400 says what is wrong.
    const check = await loadCustomerUpdate().then(
      (m) => m.customerUpdateErrors,
      () => null,
    );
    const next = (check?.(body) ?? {}) as Partial<Record<Field, string>>;
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    try {
      await save.mutateAsync(body);
      await navigate(customerPath(c.id));
    } catch {
      // The banner shows the failure (save.error).
    }
  };
  const conflict = save.error instanceof ApiFailure ? save.error.error.message : '';
  return (
    <Stack gap="lg" maw={720}>
      <Anchor component={Link} to={customerPath(c.id)} size="sm">
        Voltar para o cliente
      </Anchor>
      <Title order={2}>{CUSTOMER_EDIT_TEXTS.title}</Title>
      <FailureBanner
        title={CUSTOMER_EDIT_TEXTS.failed}
        error={save.error}
        describe={(status) => (status === 409 && conflict ? ` - ${conflict}` : undefined)}
      />
      <Paper withBorder radius="lg" p="lg">
        <form
          onSubmit={(event) => void submit(event)}
          // The checks (and the phone metadata) are fetched when someone starts editing, not with the page: by the
          // submit they are there.
          onFocus={() => void loadCustomerUpdate().catch(() => undefined)}
          noValidate
          aria-label={CUSTOMER_EDIT_TEXTS.title}
        >
          <Stack gap="md">
            <TextInput
              label="Nome"
              required
              value={values.name}
              onChange={(e) => set('name')(e.currentTarget.value)}
              error={errors.name}
            />
            <TextInput
              label="E-mail"
              type="email"
              required
              value={values.email}
              onChange={(e) => set('email')(e.currentTarget.value)}
              error={errors.email}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <LateMaskedInput
                label="CPF"
                required
                mask={MASKS.cpf}
                inputMode="numeric"
                initialUnmasked={c.cpf}
                onValueChange={set('cpf')}
                error={errors.cpf}
              />
              <LateMaskedInput
                label="Telefone"
                required
                mask={MASKS.phone}
                inputMode="tel"
                initialUnmasked={onlyDigits(c.phone).replace(/^55/, '')}
                onValueChange={set('phone')}
                error={errors.phone}
              />
              <LateMaskedInput
                label="CEP"
                mask={MASKS.cep}
                inputMode="numeric"
                initialUnmasked={c.addressCep ?? ''}
                onValueChange={set('addressCep')}
                error={errors.addressCep}
              />
              {TEXT_FIELDS.map(([field, label]) => (
                <TextInput
                  key={field}
                  label={label}
                  value={values[field]}
                  onChange={(e) => set(field)(e.currentTarget.value)}
                  error={errors[field]}
                />
              ))}
            </SimpleGrid>
            <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
              {CUSTOMER_EDIT_TEXTS.submit}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}

/** 'Editar cliente' (spec 2.2): CPF and phone editable here only; after saving, the details. */
export function CustomerEditPage() {
  const { customerId = '' } = useParams();
  return (
    <QueryPage query={useAdminCustomer(customerId)} loadFailed={CUSTOMER_LOAD_FAILED}>
      {(details) => <EditForm details={details} />}
    </QueryPage>
  );
}
