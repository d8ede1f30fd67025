import {
  type Cents,
  cashbackCaption,
  formatBRL,
  type InstalmentChoice,
  checkoutStepMessages as t,
} from '@drip/core';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { PRIVACY_URL, TERMS_URL } from '../links.ts';
import { StepHeading, StepNumber } from '../ui/layout.tsx';

/** Below this width the options open in a bottom sheet (spec 2.5 "small phones"). */
export const BOTTOM_SHEET_MAX_WIDTH = 400;
/** Above this width a click outside closes the dropdown (spec 2.5). */
export const OUTSIDE_CLICK_MIN_WIDTH = 768;

export interface InstalmentSelectionProps {
  merchantName: string | null;
  totalAmount: Cents;
  maxInstalments: number;
  cashbackRate: number;
  options: InstalmentChoice[];
  defaultSelected: number | null;
  viewportWidth: number;
  busy: boolean;
  onContinue: (totalInstalments: number) => void;
}

/** Spec 2.5 "Instalments selection". */
export function InstalmentSelection({
  merchantName,
  totalAmount,
  maxInstalments,
  cashbackRate,
  options,
  defaultSelected,
  viewportWidth,
  busy,
  onContinue,
}: InstalmentSelectionProps) {
  const [selected, setSelected] = useState<number | null>(defaultSelected);
  const [open, setOpen] = useState(false);
  const small = viewportWidth < BOTTOM_SHEET_MAX_WIDTH;
  const labelId = useId();
  const listId = useId();
  const current = options.find((o) => o.totalInstalments === selected) ?? null;
  const cashback = cashbackCaption(cashbackRate);

  return (
    <section className="step">
      <StepNumber n={2} />
      <StepHeading>{t.instalmentSelectionTitle}</StepHeading>
      <p className="lead">{t.instalmentSelectionSubtitle}</p>
      <div className="summary">
        {merchantName ? <p className="summary__merchant">{t.purchaseAt(merchantName)}</p> : null}
        <p className="summary__total">
          <span className="muted">Total</span> <strong>{formatBRL(totalAmount)}</strong>
        </p>
      </div>
      <div className="field">
        <span className="field__label" id={labelId}>
          {t.instalmentsLabel}
        </span>
        {options.length === 0 ? (
          <p className="field-error" role="alert">
            Nenhuma opção de parcelamento disponível para esta compra.
          </p>
        ) : small ? (
          <BottomSheetSelect
            labelId={labelId}
            options={options}
            selected={selected}
            current={current}
            open={open}
            setOpen={setOpen}
            onChoose={setSelected}
          />
        ) : (
          <Dropdown
            labelId={labelId}
            listId={listId}
            options={options}
            selected={selected}
            current={current}
            open={open}
            setOpen={setOpen}
            closeOnOutsideClick={viewportWidth > OUTSIDE_CLICK_MIN_WIDTH}
            onChoose={setSelected}
          />
        )}
        <p className="caption">{t.upToInstalments(maxInstalments)}</p>
        {cashback ? <p className="badge">{cashback}</p> : null}
      </div>
      <button
        type="button"
        className="button button--primary"
        disabled={selected === null || busy}
        onClick={() => {
          if (selected !== null) onContinue(selected);
        }}
      >
        {busy ? 'Enviando…' : t.continue}
      </button>
      <p className="legal">
        Ao continuar, você concorda com os{' '}
        <a href={TERMS_URL} target="_blank" rel="noreferrer">
          Termos de uso
        </a>{' '}
        e a{' '}
        <a href={PRIVACY_URL} target="_blank" rel="noreferrer">
          Política de privacidade
        </a>{' '}
        da Drip.
      </p>
    </section>
  );
}

interface SelectProps {
  labelId: string;
  options: InstalmentChoice[];
  selected: number | null;
  current: InstalmentChoice | null;
  open: boolean;
  setOpen: (open: boolean) => void;
  onChoose: (n: number) => void;
}

function Dropdown({
  labelId,
  listId,
  options,
  selected,
  current,
  open,
  setOpen,
  closeOnOutsideClick,
  onChoose,
}: SelectProps & { listId: string; closeOnOutsideClick: boolean }) {
  const root = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(() =>
    Math.max(
      0,
      options.findIndex((o) => o.totalInstalments === selected),
    ),
  );

  useEffect(() => {
    if (!open || !closeOnOutsideClick) return;
    const onDown = (e: MouseEvent) => {
      if (e.target instanceof Node && root.current && !root.current.contains(e.target)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open, closeOnOutsideClick, setOpen]);

  useEffect(() => {
    if (open) list.current?.focus();
  }, [open]);

  const choose = (index: number) => {
    const option = options[index];
    if (option) onChoose(option.totalInstalments);
    setOpen(false);
  };
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive((i) => Math.min(options.length - 1, i + 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => Math.max(0, i - 1));
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      choose(active);
    } else if (e.key === 'Escape' || e.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div className="select" ref={root}>
      <button
        type="button"
        className="select__button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-labelledby={labelId}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        {current ? current.label : 'Selecione'}
      </button>
      {open ? (
        <div
          id={listId}
          ref={list}
          className="select__list"
          role="listbox"
          tabIndex={-1}
          aria-labelledby={labelId}
          aria-activedescendant={`${listId}-${active}`}
          onKeyDown={onKey}
        >
          {options.map((o, i) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the listbox handles the keyboard (aria-activedescendant)
            <div
              tabIndex={-1}
              key={o.totalInstalments}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={o.totalInstalments === selected}
              className={`select__option${i === active ? ' select__option--active' : ''}`}
              onClick={() => choose(i)}
            >
              {o.label}
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}

function BottomSheetSelect({ labelId, options, selected, current, open, setOpen, onChoose }: SelectProps) {
  const [pending, setPending] = useState<number | null>(selected);
  const sheet = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (open) sheet.current?.querySelector<HTMLInputElement>('input:checked, input')?.focus();
  }, [open]);
  return (
    <>
      <button
        type="button"
        className="select__button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-labelledby={labelId}
        onClick={() => {
          setPending(selected);
          setOpen(true);
        }}
      >
        {current ? current.label : 'Selecione'}
      </button>
      {open ? (
        <div className="sheet-backdrop">
          <div
            className="sheet"
            role="dialog"
            aria-modal="true"
            aria-labelledby={labelId}
            ref={sheet}
            onKeyDown={(e) => {
              if (e.key === 'Escape') setOpen(false);
            }}
          >
            <fieldset className="sheet__options">
              <legend className="field__label">{t.instalmentsLabel}</legend>
              {options.map((o) => (
                <label key={o.totalInstalments} className="radio">
                  <input
                    type="radio"
                    name="instalments"
                    value={o.totalInstalments}
                    checked={pending === o.totalInstalments}
                    onChange={() => setPending(o.totalInstalments)}
                  />
                  <span>{o.label}</span>
                </label>
              ))}
            </fieldset>
            <button
              type="button"
              className="button button--primary"
              disabled={pending === null}
              onClick={() => {
                if (pending !== null) onChoose(pending);
                setOpen(false);
              }}
            >
              {t.confirm}
            </button>
          </div>
        </div>
      ) : null}
    </>
  );
}

export default InstalmentSelection;
