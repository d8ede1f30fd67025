import { authMessages, MerchantUpdateUserRequest, normalizePhone, onlyDigits } from '@drip/core';
import { useState } from 'react';
import { ProfileForm, ProfilePanel } from '../shared/account/ProfileForm.tsx';
import { MaskedTextInput, PHONE_MASK } from '../shared/MaskedTextInput.tsx';
import { validate } from '../shared/validate.ts';
import { useUpdateMerchantUser } from './api/updateUser.ts';
import { useMerchantUser } from './api/user.ts';
import { WebhooksSection } from './WebhooksSection.tsx';

/** National digits (DDD + number) of a stored phone such as '+5511912345678', for the mask. */
function nationalDigits(phone: string): string {
  const e164 = normalizePhone(phone);
  return e164 ? e164.slice(3) : onlyDigits(phone);
}

/** The merchant's profile: the account form with the phone the two-step codes go to. */
function MerchantProfileForm({ email, initialPhone }: { email: string; initialPhone: string }) {
  const update = useUpdateMerchantUser();
  const [phone, setPhone] = useState(initialPhone);
  return (
    <ProfileForm
      initialEmail={email}
      emailKey="email"
      emailAutoComplete="email"
      columns={2}
      hints={{
        currentPassword: 'Obrigatória para salvar qualquer alteração',
        newPassword: 'Deixe em branco para manter a senha atual',
      }}
      submitLabel={authMessages.update}
      extraFields={(errors) => (
        <MaskedTextInput
          mask={PHONE_MASK}
          label="Celular"
          type="tel"
          autoComplete="tel"
          initialUnmasked={nationalDigits(initialPhone)}
          onValueChange={setPhone}
          error={errors.phone}
        />
      )}
      prepare={(values) => {
        const normalizedPhone = normalizePhone(phone);
        if (normalizedPhone === null)
          return { ok: false, errors: { phone: 'Informe um celular válido com DDD' } };
        return validate(MerchantUpdateUserRequest, {
          email: values.email,
          currentPassword: values.currentPassword,
          phone: normalizedPhone,
          newPassword: values.newPassword === '' ? undefined : values.newPassword,
        });
      }}
      save={update}
    />
  );
}

export function MerchantProfilePage() {
  const user = useMerchantUser();
  return (
    <ProfilePanel
      title={authMessages.myProfileMerchant}
      subtitle="Seus dados de acesso ao portal do parceiro."
      maxWidth={760}
      user={user}
      after={<WebhooksSection />}
    >
      {(data) => <MerchantProfileForm email={data.email} initialPhone={data.phone} />}
    </ProfilePanel>
  );
}
