import { ANALYSIS_DURATION_MS } from '@drip/core';
import { StepHeading, StepNumber } from '../ui/layout.tsx';

/** Spec 2.5 "analysis": an animation of about 8.5 s while the machine waits (the bar fills in that time). */
export function Analysis() {
  return (
    <section className="step step--center">
      <StepNumber n={1} />
      <StepHeading>Estamos analisando seu perfil</StepHeading>
      <p className="lead">Isso leva só alguns segundos. Não feche esta página.</p>
      <div
        className="progress"
        role="progressbar"
        aria-label="Análise de crédito em andamento"
        data-duration-ms={ANALYSIS_DURATION_MS}
      >
        <span className="progress__bar" />
      </div>
      <ul className="analysis-list" aria-hidden="true">
        <li>Confirmando seus dados</li>
        <li>Consultando seu limite</li>
        <li>Preparando suas parcelas</li>
      </ul>
    </section>
  );
}

export default Analysis;
