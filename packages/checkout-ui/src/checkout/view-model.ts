/**
 * Read-only views of the machine's context for the step components (no rules here beyond choosing what to show:
 * the rules live in core's machine, state and messages).
 */
import {
  type CheckoutMachineContext,
  type CheckoutStep,
  type DenialView,
  denialView,
  type InstalmentChoice,
  instalmentChoice,
  instalmentOptions,
  upfrontStatusOf,
} from '@drip/core';

/** Spec 2.5: the header is on every step except the form; the footer only on insight, token and phone form. */
export function showsHeader(step: CheckoutStep): boolean {
  return step !== 'form';
}

export function showsFooter(step: CheckoutStep): boolean {
  return step === 'insight' || step === 'token' || step === 'phoneForm';
}

/**
 * The dropdown options: the counts the server offers when it sent them, else core's rule (2..max, 1.. when upfront
 * is DISABLED). Either way every label comes from core's plan of the total (`instalmentChoice`), the plan the
 * server books: the server's `instalmentAmount` is only the first instalment, and labelling it as every
 * instalment's amount would promise what is not charged. Without a total (never on this step) an option says its
 * count and no amount.
 */
export function selectionOptions(context: CheckoutMachineContext): {
  options: InstalmentChoice[];
  defaultSelected: number | null;
} {
  const server = context.instalmentSelection?.options ?? [];
  const total = context.totalAmount;
  if (server.length > 0) {
    const options = server.map((o): InstalmentChoice => {
      if (total !== null) return instalmentChoice(total, o.totalInstalments);
      const value = (o.instalmentAmount / 100).toFixed(2);
      return {
        totalInstalments: o.totalInstalments,
        amounts: [],
        value,
        label: `${o.totalInstalments}x sem juros`,
      };
    });
    const preselected = context.instalmentSelection?.selected;
    const preferred =
      options.find((o) => o.totalInstalments === preselected) ??
      options.find((o) => o.totalInstalments === 3) ??
      options[0];
    return { options, defaultSelected: preferred?.totalInstalments ?? null };
  }
  if (total === null) return { options: [], defaultSelected: null };
  const { options, defaultTotalInstalments } = instalmentOptions(
    total,
    context.merchantSummary?.maxInstalments ?? 3,
    upfrontStatusOf(context),
  );
  return { options, defaultSelected: defaultTotalInstalments };
}

/** The largest instalment count offered ('Em até {max}x sem juros'). */
export function maxInstalmentsOf(context: CheckoutMachineContext): number {
  const server = context.instalmentSelection?.options ?? [];
  const fromOptions = Math.max(0, ...server.map((o) => o.totalInstalments));
  return fromOptions > 0 ? fromOptions : (context.merchantSummary?.maxInstalments ?? 3);
}

export function denialOf(context: CheckoutMachineContext): DenialView {
  return denialView(context.koReason, {
    ...context.koVariables,
    blockedLimit: context.blockedLimit ?? context.koVariables.blockedLimit,
  });
}

/** Redirect mode: leaving while the checkout is in progress (more info, no error) asks for confirmation. */
export function shouldWarnBeforeUnload(context: CheckoutMachineContext): boolean {
  return (
    !context.transparent &&
    context.result === 'MORE_INFO' &&
    !context.error &&
    context.step !== 'loading' &&
    context.step !== 'approved' &&
    context.step !== 'denied'
  );
}
