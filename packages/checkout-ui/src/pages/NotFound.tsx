export function NotFound() {
  return (
    <main className="page page--center">
      <h1 className="title">404 - Page Not Found</h1>
      <p>A página que você estava procurando não existe</p>
      <a className="store-button" href="/">
        Ir para o início
      </a>
    </main>
  );
}
