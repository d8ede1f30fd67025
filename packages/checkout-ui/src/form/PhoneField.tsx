/**
 * The shopper's phone input (spec 5 and 9): a country choice (Brazil by default, Brazil and the US first, then
 * every other country) and the number, formatted while typing: '+55 (11) 98765-4321' for Brazil, the
 * international layout elsewhere ('+1 213 373 4253'). A number without '+' belongs to the chosen country; typing
 * '+' and a country code picks that country. The text always starts with its country code once formatted, so
 * the value alone says which number it is (core's `parseShopperPhone` / `normalizeShopperPhone`).
 */
import {
  callingCodeOf,
  formatShopperPhoneInput,
  INTERNATIONAL_PHONE_MAX_LENGTH,
  nationalDigitsOf,
  PHONE_MASK_MAX_LENGTH,
  type PhoneCountry,
  phoneCountries,
} from '@drip/core';
import { type ReactNode, useMemo, useState } from 'react';

let regionNames: Intl.DisplayNames | undefined;
function countryName(country: PhoneCountry): string {
  regionNames ??= new Intl.DisplayNames(['pt-BR'], { type: 'region' });
  return regionNames.of(country) ?? country;
}

export interface PhoneFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (text: string, country: PhoneCountry) => void;
  /** The id of the message under the field, when there is one. */
  describedBy?: string;
  invalid?: boolean;
  /** Under the input (the field's error). */
  children?: ReactNode;
}

export function PhoneField({ id, label, value, onChange, describedBy, invalid, children }: PhoneFieldProps) {
  const [country, setCountry] = useState<PhoneCountry>(() => formatShopperPhoneInput(value).country);
  const countries = useMemo(() => phoneCountries(countryName), []);
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="phone-input">
        <select
          className="input phone-input__country"
          aria-label="País do telefone"
          value={country}
          onChange={(e) => {
            const next = e.currentTarget.value as PhoneCountry;
            const formatted = formatShopperPhoneInput(nationalDigitsOf(value, country), next);
            setCountry(next);
            onChange(formatted.text, next);
          }}
        >
          {countries.map((c) => (
            <option key={c} value={c}>
              {`${countryName(c)} (${callingCodeOf(c)})`}
            </option>
          ))}
        </select>
        <input
          id={id}
          className="input phone-input__number"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={country === 'BR' ? '+55 (11) 98765-4321' : callingCodeOf(country)}
          maxLength={country === 'BR' ? PHONE_MASK_MAX_LENGTH : INTERNATIONAL_PHONE_MAX_LENGTH}
          value={value}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => {
            const typed = e.currentTarget.value;
            // A deletion keeps what is left, so that the mask never puts back a character just erased.
            if (typed.length < value.length) {
              onChange(typed, country);
              return;
            }
            const formatted = formatShopperPhoneInput(typed, country);
            setCountry(formatted.country);
            onChange(formatted.text, formatted.country);
          }}
        />
      </div>
      {children}
    </div>
  );
}
