export { centsToReais } from '@drip/core';

/** The CPF the sandbox bank page suggests as payer (the first demo customer's). */
export const DEMO_CPF_FALLBACK = '52998224725';
