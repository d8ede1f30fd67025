/** Public pages whose flows land with later issues (checkout, widgets, instalment page) show this honestly. */
export function NotYetAvailable() {
  return (
    <main className="page page--center">
      <div className="brand">drip</div>
      <h1 className="title">Esta página ainda não está disponível</h1>
      <p>Estamos preparando esta parte da Drip. Tente novamente em breve.</p>
    </main>
  );
}
